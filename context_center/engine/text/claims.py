"""What a note claims: a subject, the thing it belongs to, and a value, read from its words.

Two notes that give one subject of one thing two values contradict each other whatever their
wording ("The project targets Node 20 LTS." / "The project targets Node 18."; "Always use pnpm,
never npm." / "Use npm to install dependencies."), and are never one fact said twice. A note is
read as clauses; a value in a negated clause ("never npm"), or one left behind ("we moved from
npm to pnpm", "instead of npm"), is what the note says is not so. The subjects read (a few, each
with its literals normalised, in English and Chinese):

- ``package-manager``: npm, pnpm, yarn, bun;
- ``version:<runtime>``: Node, Python, Java, Go, Ruby… followed by a version ("Node 20", "Python
  3.12", "Python version is pinned to 3.11", "Go 版本锁定在 1.21"; the major version for Node, the
  minor one where one is written);
- ``deploy-day``: the weekdays a clause about deploying or releasing names ("Tuesdays", "周二");
- ``port``: a number after "port" or "端口" (the thing it belongs to: the words before "port"), or
  before 端口 where the clause names what listens ("orbit-server 默认监听 8080 端口");
- ``time``: a clock time ("2am" is "02:00"); the thing it belongs to is the rest of the clause;
- ``ci``: GitHub Actions, GitLab CI, CircleCI, Jenkins, Travis, Buildkite;
- ``indentation``: tabs or spaces, and how many;
- ``default-branch``: a repository's default branch (main, master, develop, trunk…, or a name written
  as code), of the repository the clause names besides ("the Oriel Helm charts repo", 移动端仓库);
- one of a few named alternatives (:data:`CHOICES`): a naming style (camelCase, snake_case…, of the
  kind of name it is for: "DB column names" and "database columns" are columns, "JSON keys" and an
  API's fields are fields), a merge method (squash, merge commits, rebase: in a clause about
  merging), an API style (REST, GraphQL, gRPC), the language of replies, comments, docs or commit
  messages, the ORM or raw SQL, single or double quotes, a test runner (in a clause about tests);
- ``approvals``: how many a pull request needs; ``line-length``: a limit in characters;
- ``setting``: a thing enabled or disabled ("format on save"), the thing being the clause's words, or
  the flag it names as code and where (`new_checkout` 开关在生产环境开启, a flag in production);
- ``command:<kind>``: the one command a clause gives for tests, a build, lint, formatting…
  ("Run tests with `pnpm test`"), of e2e or unit tests when it says so;
- ``address``: where a named part lives ("the staging DB is at db-staging.internal");
- ``limit:<name>``: a timeout, retries or a size, in one unit ("30 seconds" is "30s"), of what
  the word before it or a "for …" after it names ("the connect timeout", "upload size for invoices");
- ``base-branch``: the branch pull requests target or branches start from (of hotfix branches…), the
  default branch;
- ``merge-route``: how a change reaches a branch the note names (main, master, 主干, release…):
  pushed to it directly, or through a pull or merge request ("Maintainers may push small fixes
  straight to main." / "Every change to main goes through a merge request."); a direct push said
  to be blocked, rejected or 禁止 is negated.

The thing a claim belongs to is the clause's words naming a part of the system ("the API",
"the docs site", "staging"), and a name written as code that opens the clause ("orbit-server
listens on…"): "the frontend uses pnpm" and "the docs site uses npm" do not conflict. What is
not read here is left to the word-overlap rules of :mod:`.similarity`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from . import tools
from .tools import tools_of

_CLAUSE = re.compile(r"\.+(?=\s|$)|[;!?。；！？\n]+|,\s*(?=(?:never|not|no|don't|but)\b)|，|\bbut\b|但是|但|而是"
                     r"|(?<![\s,]),?\s+(?=(?:rather\s+than|instead\s+of)\b)")   # (a run of spaces read once)
# The words that say "not", once: a claim read here and a note's words read by ..similarity each add
# their own to them (a claim is also negated by what is given up: "no longer", "deprecated",
# 弃用; a note's words by any "not" at all: "without", "none", 不)
NEGATION_WORDS = r"never|not|no|don't|dont|do not|does not|doesn't|avoid|forbid\w*"
CHINESE_NEGATION = r"不要|不准|不得|不能|不再|不用|禁止|严禁|避免"
# 别 ("don't") but not inside a word that holds it: 级别 (a level), 区别, 类别, 特别, 识别…
CHINESE_DONT = r"(?<![级区类特分个告识性离差辨鉴派组送])别"
_NEGATED = re.compile(rf"\b(?:{NEGATION_WORDS}|stop(?:ped)? using|no longer|instead of|rather than|deprecated|"
                      rf"(?:is|are)\s+(?:disabled|turned off|switched off))\b"
                      rf"|n't\b|{CHINESE_NEGATION}|弃用|废弃|{CHINESE_DONT}", re.IGNORECASE)
# "moved from npm to pnpm": what comes after "from" is behind us (a clause of its own, negated)
# what a note says was left behind: "moved (the app) from X to", "moved off X onto", "migrated off X in
# Q2", "replaced X",
# "X was decommissioned", "we dropped X last year", "we no longer use X" (a name), "从 X 迁移到", "由 X 换成",
# "替换掉了 X", "X 下线了", "不再使用 X"
_LEFT_BEHIND = re.compile(
    r"\b(?:moved|switched|migrated|changed|went|upgraded|downgraded|ported|transitioned)\s+(?:[\w'’-]+\s+){0,4}?"
    r"(?:over\s+)?from\s+(\S.{0,59}?)\s+(?:to|onto)\b"   # (a name is short: a run of spaces is read once)
    r"|\b(?:moved|migrated|switched)\s+off\s+(?:of\s+)?(\S.{0,59}?)\s+(?:onto|to)\b"
    r"|\b(?:moved|migrated|switched|move|migration|switch)\s+(?:away\s+from|off(?:\s+of)?)\s+"
    r"((?:[\w.+#-]+\s+){0,2}?[\w.+#-]*[\w+#])"
    r"(?=\s+(?:last|this|in|a|an|years?|months?|ago|since|back)\b|\s*[.,;:)](?:\s|$)|\s*\)|\s*$)"
    r"|\breplac(?:ed|ing)\s+((?:[\w.+#-]+\s+){0,3}?[\w.+#-]+)(?=\s+(?:with|by|as|for)\b|\s*[.,;:]|\s*$)"
    r"|(?<![\w.+#-])([A-Za-z][\w.+#-]*)(?:\s+(?:setup|instance|server|servers|cluster|pipelines?|install|"
    r"(?:host)?name|address|endpoint|domain|url))?"
    r"\s+(?:(?:was|were|has\s+been|have\s+been)\s+(?:now\s+)?(?:decommissioned|retired|dropped|deprecated|sunset|"
    r"removed|gone)\b|(?:is|are)\s+(?:now\s+)?(?:decommissioned|retired|dropped|deprecated|sunset|removed|gone)\b"
    r"(?!\s+(?:once|after|when|whenever|if|every|each|within|before|until|at)\b))"   # (not a rule: "is dropped
    # once it is two weeks old", "are removed after 30 days")
    r"|[从由]\s*([^，。；,;.]{1,20}?)\s*(?:迁移|迁|切换|改|换|升级|降级)(?:成|到)"
    r"|替换掉?了?\s*([A-Za-z][\w.+#-]*|[^，。；,;.\s]{1,8})"
    r"|(?<![\w.+#-])([A-Za-z][\w.+#-]*)(?:\s*(?:那套|那个|集群|服务))?(?:\s*(?:去年|今年|上个月))?"
    r"(?:\s*(?:已经|也|就))?\s*下线"
    r"|(?<![\w.+#-])([A-Za-z][\w.+#-]*)(?:\s*(?:分支|服务|集群))?(?:\s*(?:去年|今年|上个月))?"
    r"(?:\s*(?:已经|已|也))?\s*(?:废弃|弃用|停用)"
    r"|\b(?:no longer (?:use|offer|support|accept)|stopped (?:using|offering|supporting|accepting))\s+"
    r"((?-i:[A-Z])(?:[\w.+#-]*[\w+#])?(?:\s+(?-i:[A-Z])(?:[\w.+#-]*[\w+#])?)?)"
    r"(?=\s*(?:anymore|any more|any longer|since|after|in|last|this)\b|\s*[.,;:)](?:\s|$)|\s*$)"
    r"|不再(?:使用|用)\s*([A-Za-z][\w.+#-]*)"
    r"|\b(?:previously|formerly)\s+(?:on\s+|in\s+|with\s+|using\s+|via\s+)?((?:[\w.+#-]+\s+)?[\w.+#-]*[\w+#])"
    r"(?=\s*[).,;:](?:\s|$)|\s*\)|\s*$)"
    r"|(?:之前|以前|原来|此前|原先)[^，。；,;.]{0,16}?(?:用的是|使用的是|用|是)\s*([A-Za-z][\w.+#-]*)"
    r"|\bused\s+to\s+(?:be\s+|run\s+|use\s+)?(?:on\s+|in\s+|with\s+)?((?:[\w.+#-]+\s+)?[\w.+#-]*[\w+#])"
    r"(?=\s*[).,;:](?:\s|$)|\s*\)|\s*$)"
    r"|\b(?:dropped|ditched|abandoned|retired|removed|got rid of)\s+"
    r"(?!(?:by|once|after|when|whenever|if|every|each|within|before|until|at)\b)((?:[\w.+#-]+\s+){0,2}?[\w.+#-]*[\w+#])"
    r"(?=\s+(?:last|this|in|a|an|years?|months?|ago|since|back)\b|\s*[.,;:](?:\s|$)|\s*$)", re.IGNORECASE)


# the verbs one of which every form above holds, as words an index can look up (the recall index
# gathers the notes that may leave a name behind by them, rather than reading every note)
LEFT_BEHIND_VERBS = ("moved switched migrated changed went upgraded downgraded ported transitioned replaced "
                     "replacing decommissioned retired dropped deprecated sunset removed gone rid ditched abandoned "
                     "longer stopped previously formerly 迁移 迁到 切换 改成 改到 换成 换到 升级 降级 替换 下线 不再 "
                     "废弃 弃用 停用 之前 以前 原来 此前")

# a word every form above holds: most notes have none, and are read no further
_LEFT_HINT = re.compile(r"from|off\b|replac|decommission|retired|dropped|deprecated|sunset|removed|gone|rid of|"
                        r"ditched|abandoned|no longer|stopped|previously|formerly|used to|"
                        r"[从由]|替换|下线|不再|废弃|弃用|停用|之前|以前|原来|此前", re.IGNORECASE)


def may_leave_behind(text: str) -> bool:
    """Whether ``text`` holds a word every left-behind form holds (cheap: most notes do not)."""
    return bool(_LEFT_HINT.search(text))


@lru_cache(maxsize=8192)
def left_behind(text: str) -> tuple[str, ...]:
    """What ``text`` says was left behind ("We migrated the app from Heroku to Fly.io": Heroku;
    "Jenkins was decommissioned"; "已经由 RabbitMQ 迁移到 Kafka"): each as it is written. (Kept by
    text: recall asks it of the same hits prompt after prompt.)"""
    if not may_leave_behind(text):
        return ()
    return tuple(next(group for group in match.groups() if group) for match in _LEFT_BEHIND.finditer(text))

PACKAGE_MANAGERS = {"npm": "npm", "pnpm": "pnpm", "yarn": "yarn", "bun": "bun"}
_PACKAGE_MANAGER = re.compile(r"(?<![\w-])(npm|pnpm|yarn|bun)(?![\w-])", re.IGNORECASE)
_RUNTIMES = {"node": "node", "node.js": "node", "nodejs": "node", "python": "python", "java": "java", "go": "go",
             "golang": "go", "ruby": "ruby", "php": "php", "rust": "rust", "postgres": "postgres",
             "postgresql": "postgres", "mysql": "mysql", "redis": "redis", "react": "react", "django": "django",
             "rails": "rails", "kotlin": "kotlin", "typescript": "typescript", "elixir": "elixir", "dotnet": "dotnet",
             ".net": "dotnet", "jdk": "java", "vue": "vue", "angular": "angular", "next.js": "next", "nextjs": "next"}
_VERSION = re.compile(r"(?<![\w.])(" + "|".join(sorted((re.escape(k) for k in _RUNTIMES), key=len, reverse=True))
                      + r")\s*(?:(?:version|版本)\s*(?:(?:is\s+)?(?:pinned|locked|fixed)\s+(?:to|at)|is|:|=|是|为|用"
                      r"|(?:锁定|固定|锁)(?:在|为|到))?\s*)?v?(\d+)(?:\.(\d+))?(?:\.\d+)?(?!\w|\.\d)",
                      re.IGNORECASE)   # ("Python 3.11", "Node v20", "Python version 3.9", "MySQL 版本是 5.7",
#                                        "Go 版本锁定在 1.21", "Go version pinned to 1.21")
_WEEKDAYS = {"mon": "mon", "monday": "mon", "mondays": "mon", "tue": "tue", "tues": "tue", "tuesday": "tue",
             "tuesdays": "tue", "wed": "wed", "wednes": "wed", "wednesday": "wed", "wednesdays": "wed",
             "thu": "thu", "thur": "thu", "thurs": "thu", "thursday": "thu", "thursdays": "thu", "fri": "fri",
             "friday": "fri", "fridays": "fri", "sat": "sat", "satur": "sat", "saturday": "sat",
             "saturdays": "sat", "sun": "sun", "sunday": "sun", "sundays": "sun",
             "一": "mon", "二": "tue", "三": "wed", "四": "thu", "五": "fri", "六": "sat", "日": "sun", "天": "sun"}
_WEEKDAY = re.compile(r"\b(mon|tue|tues|wednes|wed|thu|thur|thurs|fri|satur|sat|sun)(?:day)?s?\b"
                      r"|(?<![一二两三四五六七八九十几\d])(?<!\d\s)(?:周|星期|礼拜)([一二三四五六日天])(?!次)",
                      re.IGNORECASE)
_DEPLOYING = re.compile(r"\b(?:deploy\w*|releas\w*|ship\w*|go(?:es)? live|push(?:es)? to prod\w*)|部署|发布|发版|上线",
                        re.IGNORECASE)
# words that may follow a port (what follows a count is what it counts: "on 16 GPUs", 16 核)
_AFTER_A_PORT = r"(?:in|on|for|across|everywhere|and|locally|via|with|by|from|so|but)\b"
_NOT_A_PORT = r"核|个|台|G|M|%|秒|分|小时|天|倍|线程|进程|副本|节点|实例|条|次|毫秒|ms|s\b"
_PORT = re.compile(r"\bport\s*(?:(?:is|=|:|of|,)\s*)?(\d{2,5})\b"
                   r"|端口(?:号)?\s*(?:(?:已经|已)?(?:改为|改成|设为|设置为|配置为|调整为|是|为|:|：)了?\s*)?(\d{2,5})"
                   r"|(?<=[a-z])(?:_port|Port)`?\s*[=:]\s*(\d{2,5})\b"   # (a setting: listen_port = 9443, httpPort: 80)
                   r"|\s(?:on|at)\s+:(?!0)(\d{3,5}|[6-9]\d)\b(?!\s*(?:past|am|pm))"      # ("serves HTTP on :9090")
                   r"|\b(?:localhost|127\.0\.0\.1|0\.0\.0\.0):(\d{2,5})\b"
                   r"|\b(?:TCP|UDP)\s+(?:port\s+)?(\d{2,5})\b(?!\d|\.\d)"   # ("on TCP 5056")
                   r"|\b(?:wss?|https?|grpcs?|tcp|udp|mqtts?|amqps?|redis|postgres(?:ql)?|mysql)://[\w.-]+:(\d{2,5})\b"
                   r"|\b(?:listens?|listening|served|serves|binds?|bound|exposed|exposes(?:\s+(?:HTTP|gRPC|HTTPS))?"
                   r"|accepts?\s+connections|endpoint)"
                   r"\s+(?:on|to|at)\s+(?:the\s+(?:default|standard)\s+(?:port\s+)?)?:?(\d{2,5})(?![\d:])(?!\.\d)"
                   r"(?!\s*(?!" + _AFTER_A_PORT + r")(?:[A-Za-z%]|个))"
                   # ("served on 8443.", "binds to :8081 in every environment", "exposes gRPC on 9090", "accepts
                   # connections on 5433", "listens on the default 5432", "its /metrics endpoint on 9100"; not "on
                   # 16 GPUs", "on 3.2")
                   r"|(?<![\w:/.])[:：](?!0)(\d{3,5}|[6-9]\d)(?=/|\s|$|[.,;，。；)）])"   # ("scraped from
                   r"(?!\s*(?:past|after|every|each|am|pm|min|minutes?|sec|seconds?|s)\b)"   # :9100/metrics"; not
                   # ":30 past the hour", "at :15 and :45", ":00")
                   r"|(?:监听|跑在|起在|绑定)(?:的是|在)?\s*:?(\d{2,5})(?![\d:.])"
                   r"(?!\s*(?:" + _NOT_A_PORT + r"|号?端口))",
                   re.IGNORECASE)   # (gRPC 监听 9090, 监听的是 9443; not 跑在 16 核上; 监听 8080 端口 is
# _PORT_BEFORE's: read so where the clause names no service, a store's health-check port and its server's were a
# contradiction)
# a port written before 端口 ("监听 8080 端口"): read only where the clause names what listens on it (an
# unnamed one read so gave a server's other ports a contradiction in a labelled store)
_PORT_BEFORE = re.compile(r"(?<![\d.:])(\d{2,5})\s*(?:号)?端口")
# a service named in Chinese, whose port a clause gives ("云杉订单服务在容器内监听 7080 端口")
_CHINESE_SERVICE = re.compile(r"[\u4e00-\u9fff]+?(?:服务|网关)")
# a name written as code that opens a clause is what the clause speaks of ("orbit-server listens on
# port 7070", "auth_service 默认监听 9000 端口"): in lower case (a capital opens a sentence: "Squash-merge
# pull requests"), and a hyphen, an underscore or a dot in it
_CODE_NAME_FIRST = re.compile(r"^\W*(?:[Tt]he\s+)?`?([a-z][a-z0-9]+(?:[-_.][a-z0-9]+)+)`?(?=[\s`:,，]|$)")
_PART_OF = re.compile(r"\b(?:of|for|in)\s+`?([a-z][a-z0-9]+-(?:api|service|svc|worker|web|app|gateway|gw|server|db))`?"
                      r"(?![\w-])")   # ("releases of dispatch-api", "the pool for orders-db")
_CODE_NAME = re.compile(r"(?<![\w.-])[a-z][a-z0-9]+(?:[-_][a-z0-9]+)+(?![\w-])")   # (trace-api, orders_db)
_SETTING_AFTER = re.compile(r"`?\s*[=:]")
_LATIN_WORD = re.compile(r"[A-Za-z][\w-]*")
_BEFORE_PORT = re.compile(r"(?<![\w-])([A-Za-z][\w-]*)(?:\s+([A-Za-z][\w-]*))?\s+port\b", re.IGNORECASE)
_TIME = re.compile(r"\b(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)(?!\w)"
                   r"|(?:(凌晨|早上|上午|中午|下午|晚上|每晚|夜里|夜间|傍晚|晚)\s*)?\b(\d{1,2}):(\d{2})\b"
                   r"|(?:(凌晨|早上|上午|下午|晚上|每晚|夜里|夜间|傍晚|晚)\s*)?(\d{1,2})\s*点(?:(半)|\s*(\d{1,2})\s*分)?",
                   re.IGNORECASE)   # (晚上 11:59 is 23:59; 10 点半 10:30, 9 点 15 分 09:15; 周三晚 8 点 20:00)
_EVENING = ("下午", "晚上", "傍晚", "晚")
_NIGHT = ("每晚", "夜里", "夜间")   # (每晚 10 点 is 22:00, 夜里 2 点 02:00)
_INDENT = re.compile(r"\b(?:(\d|two|four|eight)\s*(?:-\s*)?spaces?|(tabs?))\b(?!\.\w)"
                     r"|(\d|两|二|四|八)\s*个?空格|(制表符|tab)", re.IGNORECASE)
_INDENTING = re.compile(r"\bindent\w*|\btabs?\b(?!\.\w)|\bspaces?\b|缩进", re.IGNORECASE)   # (not tabs.md)
@dataclass(frozen=True)
class Choice:
    """A subject whose value is one of a few named alternatives (``aliases``: what a note may write,
    lower-cased, → the value), read in a clause that speaks of it (``about``, when the names alone
    do not say so: "rebase" is a merge method only in a clause about merging)."""

    subject: str
    aliases: dict[str, str]
    about: re.Pattern[str] | None = None
    of_the_project: bool = False   # chosen once for the whole repository (its branching model): of no part
    unless: re.Pattern[str] | None = None   # what, right after a name, makes it no value ("decimal places")
    its_own: frozenset[str] = frozenset()   # the parts' words naming the subject itself ("test" of a test runner)

    @property
    def pattern(self) -> re.Pattern[str]:
        return _alternatives(tuple(self.aliases))

    def value(self, written: str) -> str:
        """The value a name as written stands for ("Snake case", "snake-case" → "snake")."""
        return _keyed(tuple(self.aliases.items()))[_key(written)]


def _key(written: str) -> str:
    return re.sub(r"[\s_-]+", "", written.lower())


@lru_cache(maxsize=None)
def _keyed(aliases: tuple[tuple[str, str], ...]) -> dict[str, str]:
    return {_key(name): value for name, value in aliases}


@lru_cache(maxsize=None)
def _alternatives(names: tuple[str, ...]) -> re.Pattern[str]:
    """Any of ``names`` as a word of its own: a Latin name not inside a longer word; a Chinese one
    anywhere (Chinese is written without spaces: 用单引号, 用自增 ID)."""
    ordered = sorted(names, key=len, reverse=True)
    return re.compile("(" + "|".join(re.escape(n) if _CJK_CHAR.search(n) else
                                     r"(?<![\w-])" + re.escape(n).replace(r"\ ", r"[\s_-]?") + r"(?![\w-])"
                                     for n in ordered) + ")", re.IGNORECASE)


_CJK_CHAR = re.compile(r"[\u3400-\u9fff]")


CHOICES = (
    Choice("naming", {"camelcase": "camel", "camel case": "camel", "lower camel case": "camel",
                      "驼峰": "camel", "小驼峰": "camel", "大驼峰": "pascal", "upper camel case": "pascal",
                      "snake_case": "snake", "snake case": "snake", "下划线命名": "snake",
                      "kebab-case": "kebab", "kebab case": "kebab", "pascalcase": "pascal",
                      "pascal case": "pascal", "screaming_snake_case": "screaming"}),
    Choice("merge-method", {"squash": "squash", "squash merge": "squash", "squash-merge": "squash",
                            "squash merged": "squash", "squash and merge": "squash", "squashed": "squash",
                            "squash merges": "squash", "squash merging": "squash",
                            "rebase merged": "rebase", "rebase merges": "rebase",
                            "merge commit": "merge-commit", "merge commits": "merge-commit", "rebase": "rebase",
                            "rebase and merge": "rebase", "rebase merge": "rebase"},
           re.compile(r"\bmerg\w*|\bpull requests?\b|\bPRs?\b|合并", re.IGNORECASE)),
    Choice("api-style", {"rest": "rest", "restful": "rest", "graphql": "graphql", "grpc": "grpc"},
           re.compile(r"\b(?:apis?|endpoints?|services?|calls?|https?|json|interfaces?|talks?|speaks?|"
                      r"schemas?|servers?|clients?)\b|接口|服务|调用", re.IGNORECASE)),   # (not "encrypted at rest")
    Choice("language", {"english": "en", "英文": "en", "英语": "en", "chinese": "zh", "中文": "zh", "汉语": "zh",
                        "japanese": "ja", "日文": "ja", "日语": "ja"},
           re.compile(r"\b(?:reply|replies|respond|answer\w*|write|writ\w+|comments?|docs?|documentation|"
                      r"commit messages?|messages?|speak|talk)\b|回复|回答|注释|文档|提交信息|交流", re.IGNORECASE)),
    Choice("query-style", {"orm": "orm", "raw sql": "raw-sql", "plain sql": "raw-sql", "原生 sql": "raw-sql"}),
    Choice("quotes", {"single quotes": "single", "single-quoted": "single", "double quotes": "double",
                      "double-quoted": "double", "单引号": "single", "双引号": "double"}),
    Choice("test-runner", {name: name for name in tools_of("test-runner")},   # (a rule of its own: tools)
           re.compile(r"\btest\w*|测试", re.IGNORECASE), its_own=frozenset({"test"})),
    Choice("primary-key", {"uuid": "uuid", "uuids": "uuid", "uuidv4": "uuid", "uuidv7": "uuid", "ulid": "ulid",
                           "ulids": "ulid", "auto-increment": "serial", "auto-incrementing": "serial",
                           "autoincrement": "serial", "auto-increment ids": "serial", "serial": "serial",
                           "bigserial": "serial", "identity column": "serial", "自增": "serial"},
           re.compile(r"\bprimary keys?\b|主键", re.IGNORECASE)),
    Choice("branching", {"trunk-based": "trunk", "trunk based": "trunk", "gitflow": "gitflow", "git flow": "gitflow",
                         "git-flow": "gitflow", "github flow": "github-flow"}, of_the_project=True),
    Choice("exports", {"named exports": "named", "named export": "named", "default exports": "default",
                       "default export": "default"}),
    Choice("commit-style", {"conventional commits": "conventional", "conventional commit": "conventional",
                            "约定式提交": "conventional", "jira key": "ticket", "jira ticket key": "ticket",
                            "ticket key": "ticket", "jira 单号": "ticket", "ticket id": "ticket",
                            "issue key": "ticket", "gitmoji": "gitmoji"},
           re.compile(r"\bcommit\s+messages?\b|\bcommits?\b|提交信息|commit message", re.IGNORECASE)),
    Choice("log-format", {"json": "json", "structured json": "json", "json lines": "json", "plain-text": "text",
                          "plain text": "text", "logfmt": "logfmt", "纯文本": "text"},
           re.compile(r"\blog\w*|日志", re.IGNORECASE)),
    Choice("versioning", {"semantic versioning": "semver", "semantic versions": "semver", "semantic version": "semver",
                          "semver": "semver", "语义化版本": "semver", "calendar versioning": "calver",
                          "calendar versions": "calver", "calendar version": "calver", "calver": "calver",
                          "按日期命名": "calver"},
           re.compile(r"\bversion\w*|\breleases?\b|\btags?\b|\btagged\b|版本|发版", re.IGNORECASE)),
    Choice("money-unit", {"integer cents": "cents", "cents": "cents", "minor units": "cents", "以分为单位": "cents",
                          "按分": "cents", "decimal": "decimal", "numeric": "decimal", "以元为单位": "decimal",
                          "按元": "decimal", "float": "float", "float64": "float", "double": "float"},
           re.compile(r"\b(?:money|amounts?|prices?|fees?|totals?|balances?|currency)\b|金额|价格|账单|费用",
                      re.IGNORECASE),
           unless=re.compile(r"\s+(?:places?|points?|digits?|separators?)\b", re.IGNORECASE)),
)
# how many approvals ("two approvals", 两人审批, 一个 reviewer 通过: a Chinese count before a measure word or a
# reviewer, not 统一通过)
_APPROVALS = re.compile(r"(?<![A-Za-z0-9_-])(\d+|one|two|three|a single|"
                        r"(?:一|两|二|三)(?=\s*(?:[个位名人]|reviewer|approve)))\s*(?:[个位名]\s*)?"
                        r"(?:(?:reviewers?|人|同学)\s*)?"
                        r"(?:approvals?|approving reviews?|approves?|审批|批准|同意|通过)", re.IGNORECASE)
_NUMBER_WORDS = {"one": "1", "a single": "1", "two": "2", "three": "3", "four": "4", "eight": "8", "一": "1",
                 "两": "2", "二": "2", "三": "3", "四": "4", "八": "8"}   # (approvals, spaces of an indent)
_LINE_LENGTH = re.compile(r"(?<!\d)(\d{2,3})\s*(?:-\s*)?(?:characters?|chars?|columns?|cols?|个?字符)"
                          r"|\b(?:line[-_\s]?length|print[-_\s]?width)\s*(?:limit\s*)?"
                          r"(?:(?:in|for|of)\s+[\w.-]+(?:\s+(?:code|files))?\s+)?"   # (".. in X code is 88")
                          r"(?:is|of|=|:|at|to|set to|is set to)?\s*(\d{2,3})(?!\d)"
                          r"|(?:行宽|行长|单行长度)\s*(?:限制|上限)?\s*(?:是|为|设为|:|：)?\s*(\d{2,3})(?!\d)",
                          re.IGNORECASE)
_ABOUT_LINES = re.compile(r"\blines?\b|line[-_]length|print[-_\s]?width|行", re.IGNORECASE)
_COMMAND_VERBS = {"test": "test", "tests": "test", "testing": "test", "build": "build", "builds": "build",
                  "lint": "lint", "linting": "lint", "linter": "lint", "format": "format", "formatting": "format",
                  "formatter": "format", "typecheck": "typecheck", "type-check": "typecheck", "install": "install",
                  "installs": "install", "start": "start", "serve": "start", "测试": "test", "构建": "build",
                  "格式化": "format", "安装": "install"}
_COMMAND_VERB = re.compile(r"(?<![\w`-])(tests?|testing|builds?|lint(?:ing|er)?|format(?:ting|ter)?|type-?check|"
                           r"installs?|start|serve)(?![\w`-])|(测试|构建|格式化|安装)", re.IGNORECASE)
_TICKED = re.compile(r"`([^`\n]{2,80})`")
_HOST = re.compile(r"\b(?:is|are|lives?|runs?|sits?|is hosted|is served|is reachable)\s+(?:at|on|from)\s+"
                   r"<?(https?://[^\s>]+|[a-z0-9][\w-]*(?:\.[\w-]+)+(?::\d+)?)", re.IGNORECASE)
_LIMIT = re.compile(r"\b(timeouts?|ttl|time-?outs?|retries|retry limit|max(?:imum)? (?:body |upload |file )?size|"
                    r"rate limit|page size|batch size|pool size)\b[^.;,]*?\b(\d+(?:\.\d+)?)\s*"
                    r"(ms|milliseconds?|s|secs?|seconds?|m|mins?|minutes?|h|hours?|kb|mb|gb|k|requests?|times|"
                    r"items?)?\b",
                    re.IGNORECASE)
_LIMIT_FOR = re.compile(r"\b(?:for|of|on)\s+((?:[\w-]+\s+){0,1}[\w-]+)", re.IGNORECASE)
_LIMIT_WORDS = frozenset({"max", "maximum", "default", "is", "are", "set", "to", "at", "be", "must", "should", "a",
                          "the", "our", "its", "every", "each", "all", "per", "after", "up"})
_UNITS = {"ms": 0.001, "millisecond": 0.001, "milliseconds": 0.001, "s": 1, "sec": 1, "secs": 1, "second": 1,
          "seconds": 1, "m": 60, "min": 60, "mins": 60, "minute": 60, "minutes": 60, "h": 3600, "hour": 3600,
          "hours": 3600, "kb": 1e3, "k": 1e3, "mb": 1e6, "gb": 1e9}
# (a branch started from a release's tag: "branch off the latest release tag", 从最新的 release tag 拉分支)
_BASE = r"(main|master|develop|dev|trunk|(?:(?:latest|most\s+recent|last|newest)\s+)?release[ -]tags?)"
_BRANCH = re.compile(r"\b(?:target|targets|into|against|off|from|on top of|default (?:git )?branch is"
                     r"|default branch:)\s+"
                     rf"(?:the\s+)?`?{_BASE}`?(?:\s+branch)?\b"
                     r"|默认分支\s*(?:是|为|：|:)?\s*`?(main|master|develop|dev|trunk)\b"
                     r"|(?:从|基于)\s*(?:(?:最新的?|最近(?:的|一个)?)\s*)?`?(main|master|develop|dev|trunk|release\s*tag)`?"
                     r"\s*(?:分支\s*)?(?:上\s*)?(?:拉|切|创建|新建|检出|签出|开)", re.IGNORECASE)
_RELEASE_TAG = re.compile(r"release[ -]?tags?")
_BRANCH_KINDS = re.compile(r"\b(hotfix|feature|release|bugfix|docs|experiment)(?:es|s)?\b")
_ABOUT_BRANCHES = re.compile(r"\b(?:pull requests?|PRs?|merg\w*|branch\w*|rebas\w*)\b|合并|分支", re.IGNORECASE)
_TOGGLE = re.compile(r"\b(enable|turn on|switch on|disable|turn off|switch off)\b|(开启|打开|启用|关闭|禁用)",
                     re.IGNORECASE)
_OFF = frozenset({"disable", "turn off", "switch off", "关闭", "禁用"})
# a flag's name written as code ("`new_checkout`", new_checkout 开关), and the places a flag is turned on or off in
_FLAG_AS_CODE = re.compile(r"`([\w.-]{2,60})`|(?<![\w.-])([a-z][a-z0-9]*(?:_[a-z0-9]+)+)(?![\w.-])", re.IGNORECASE)
_PLACES = frozenset({"production", "prod", "staging", "dev", "development", "qa", "test", "locally"})

# the parts of a system a claim can belong to (one word each; "docs site" is {docs, site})
_ENTITIES = frozenset({"api", "frontend", "front-end", "backend", "back-end", "docs", "documentation", "site",
                       "website", "web", "mobile", "ios", "android", "admin", "server", "client", "worker",
                       "workers", "cli", "staging", "production", "prod", "dev", "development", "locally", "test",
                       "qa",
                       "database", "db", "postgres", "redis", "cache", "gateway", "auth", "dashboard", "app",
                       "service", "monorepo", "library", "sdk", "infra", "scheduler", "queue"})
# a language's files are a thing of their own too ("tabs in Go files", "4 spaces in Python files")
_LANGUAGES = frozenset({"golang", "python", "typescript", "javascript", "java", "ruby", "rust", "kotlin",
                        "swift", "php", "sql", "yaml", "markdown", "shell", "bash", "css", "html", "c", "cpp",
                        "c++", "csharp", "scala", "elixir", "terraform", "makefile", "makefiles", "dockerfile",
                        "ts", "js", "py"})   # (TS files are TypeScript's: _SAME)
_GO_FILES = re.compile(r"\bgo\s+(?:files?|code|modules?|packages?|services?|sources?)\b|\bin\s+go\b", re.IGNORECASE)
_CHINESE_ENTITIES = {"前端": "frontend", "后端": "backend", "文档": "docs", "网站": "website", "移动端": "mobile",
                     "测试环境": "staging", "预发": "staging", "生产": "production", "线上": "production",
                     "本地开发": "dev", "本地环境": "dev",
                     "数据库": "database", "缓存": "cache", "网关": "gateway", "接口": "api", "管理后台": "admin"}
_WORD = re.compile(r"[A-Za-z][\w.-]*")
# 线上 (online: production), not the 线 of a pipeline on which a thing runs (流水线上)
ONLINE = re.compile(r"(?<!流水)线上")
_WEB_END = re.compile(r"\b(?:web|h5)\s*端", re.IGNORECASE)
# "the payments API", "the search worker", "Pellucid's services": the word before a part names which one it is
_QUALIFIED = re.compile(r"(?<![\w'’-])([A-Za-z][\w-]*)(?:['’]s)?\s+(?:api|service|worker|server|client|app|site|"
                        r"gateway|database|db|cache|queue|scheduler|dashboard|sdk|library|cli)s?\b"
                        r"|(?<![\w-])(feature|release|hotfix|bugfix|support)\s+branch(?:es)?\b"
                        r"|(功能|特性|发布|热修复|feature|release|hotfix)\s*分支", re.IGNORECASE)
_CHINESE_BRANCH_KINDS = {"功能": "feature", "特性": "feature", "发布": "release", "热修复": "hotfix"}
_NO_QUALIFIER = frozenset({"new", "whole", "entire", "same", "any", "every", "each", "one", "local", "default",
                           "shared", "current", "existing", "other", "another", "by", "from", "via",
                           "your", "their", "my", "his", "her", "these", "those", "which", "what", "per"})
_STOP = frozenset({"the", "a", "an", "our", "this", "that", "its", "we", "is", "are", "on", "at", "in", "to", "of",
                   "for", "and", "or", "runs", "run", "uses", "use", "listens", "serves", "every", "each", "all",
                   "only", "should", "must", "always", "be", "it", "with"})


@dataclass(frozen=True)
class Claim:
    subject: str                 # what it speaks of ("package-manager", "version:node", "port"…)
    entity: frozenset[str]       # the part of the system it belongs to (empty: the project as a whole)
    value: str                   # normalised ("pnpm", "20", "tue", "8080", "02:00"…)
    negated: bool = False        # said not to be so ("never npm")

    def shown(self) -> str:
        where = f" of {' '.join(sorted(self.entity))}" if self.entity else ""
        return f"{self.subject}{where}: {'not ' if self.negated else ''}{self.value}"


# the words a claim starts from: a note holding none of them (most do not) is read no further
_KEYWORDS = frozenset(
    "npm pnpm yarn bun node nodejs python java go golang ruby php rust postgres postgresql mysql redis react django "
    "rails kotlin typescript elixir dotnet jdk vue angular next nextjs deploy deploys deployed deploying release "
    "releases released releasing ship ships shipped shipping live prod production port localhost github gitlab "
    "circleci circle jenkins travis buildkite azure bitrise teamcity codemagic "
    "indent indents indented indentation tab tabs space spaces camelcase "
    "camel snake snake_case kebab kebab-case pascalcase pascal screaming_snake_case squash rebase merge merges merged "
    "merging rest restful graphql grpc english chinese japanese orm sql quotes single-quoted double-quoted jest "
    "vitest mocha pytest unittest jasmine ava approval approvals approving characters character chars char columns "
    "primary uuid uuids uuidv4 uuidv7 ulid ulids trunk-based gitflow git-flow exports export "
    "column cols col enable enables disable disables turn switch timeout timeouts ttl retries limit max maximum "
    "branch branches target targets pr prs pull against develop master trunk net line length line-length "
    "listen listens listening served serves bind binds bound exposed named naming log logs logging logged "
    "conventional jira ticket issue semver calver semantic calendar cents "
    "decimal numeric float float64 double minor directly straight direct push pushes pushed mr mrs gitmoji"
    .split())
_CHINESE_KEYWORDS = tuple("部署 发布 发版 上线 端口 主键 缩进 制表符 空格 驼峰 下划线 英文 英语 中文 汉语 "
                          "日文 日语 原生 引号 审批 批准 字符 开启 打开 启用 关闭 禁用 点 行宽 行长 约定式 单号 语义化 "
                          "按日期 以分 按分 以元 按元 分支 直接 合入 合并请求".split())
_ASCII_WORDS = re.compile(r"[a-z][a-z0-9_+-]*")   # (a dot parts words: "node.js", "yarn.lock", ".net")
_CLOCK = re.compile(r"\d\s*(?:am|pm)\b|\d:\d\d", re.IGNORECASE)


def _might_claim(text: str) -> bool:
    lower = text.lower()
    words = set(_ASCII_WORDS.findall(lower))
    words |= {part for word in words if "-" in word for part in word.split("-")}   # ("rebase-merge")
    return bool(words & _KEYWORDS) or "`" in text or any(word in text for word in _CHINESE_KEYWORDS) \
        or bool(_CLOCK.search(text) or _HOST.search(text))


# the branch a repository's work starts from and lands on unless said ("The default branch of the Oriel repo is
# develop.", "Main is the default branch.", "repositories default to the `trunk` branch", 默认分支叫 master, 主分支名是
# master): master is not main here, a repository having one or the other
_BRANCH_NAME = r"`?([a-z][\w.-]{1,30}?)`?"
_BRANCH_NAMES = frozenset("main master develop dev development trunk prod production stable next mainline gh-pages "
                          "release integration".split())
_DEFAULT_BRANCH = re.compile(r"\bdefault\s+(?:git\s+)?branch(?:es)?\s+(?:(?:of|for|in)\s+[^,.;:]{1,40}?\s+)?"
                             r"(?:is|are|was\s+(?:changed|renamed)\s+to|is\s+now|:)\s+(?:still\s+)?(?:called\s+)?"
                             + _BRANCH_NAME + r"(?![\w`/-])"
                             r"|(?<![\w`/-])" + _BRANCH_NAME + r"\s+is\s+(?:the|our|its|their)\s+default\s+branch\b"
                             r"|\bdefaults?\s+to\s+(?:the\s+)?" + _BRANCH_NAME + r"\s+branch\b"
                             r"|\buses?\s+" + _BRANCH_NAME + r"\s+as\s+(?:the|its|their)\s+default\s+branch\b"
                             r"|(?:默认分支|主分支)(?:名)?\s*(?:叫|是|为|:|：|(?:已经?)?(?:统一)?(?:改成|改为)了?)\s*"
                             + _BRANCH_NAME + r"(?![\w`/-])", re.IGNORECASE)
_ANY_REPOSITORY = frozenset("default defaults branch branches repo repos repository repositories use uses used every "
                            "all our its their git now called changed renamed still is are was to as of for in the "
                            "on".split())


def _repository_of(clause: str, name: str, at: int) -> frozenset[str]:
    """The repository a default branch is of, by the names the clause writes besides ("the Oriel Helm charts repo",
    "Ravelstone repositories", qiushui 仓库, 移动端仓库), an aside apart ("(renamed from master in 2021)"): none
    where it names none ("The default branch is main.")."""
    words = {word.lower() for word in _LATIN_WORD.findall(_BRACKETS.sub(" ", clause)) if len(word) > 1}
    chinese = _NOT_A_REPOSITORY.sub("", "".join(_HAN_RUN.findall(clause[:at])))
    return frozenset(words - _ANY_REPOSITORY - _BRANCH_NAMES - {name}) | ({chinese} if chinese else set())


_HAN_RUN = re.compile(r"[\u4e00-\u9fff]+")
_NOT_A_REPOSITORY = re.compile(r"仓库|代码库|的|所有|全部|我们|项目|这个|每个|统一|现在|目前")


# how branches are named: by what comes first ("feature/<ticket>-…", "<username>/<topic>", "PAY-123-…")
_BRANCH_NAMING = re.compile(r"\bbranch(?:es)?\s+(?:are\s+)?(?:named|names?|naming)\b|\bname\s+(?:your\s+)?branches\b"
                            r"|分支(?:统一)?(?:命名|以|名)", re.IGNORECASE)
# (looked for from a word's start: a long word is not read again from each of its letters)
_BRANCH_FIRST = re.compile(r"(?<![\w<\u4e00-\u9fff-])(<[\w-]+>|[A-Za-z]\w*|[\u4e00-\u9fff]+)/")
_TICKET_FIRST = re.compile(r"\b[A-Z]{2,}-\d+|<ticket[\w-]*>|\bjira\b|单号|需求编号", re.IGNORECASE)
_BRANCH_PREFIXES = {"feat": "feature", "features": "feature", "<user>": "<username>", "<name>": "<username>",
                    "<type>": "type", "姓名": "<username>", "拼音": "<username>"}


def _branch_prefix(said: str) -> str:
    """What a branch's name starts with, as a note names branches (the first part before a "/", its
    type when it shows several; a ticket's key when there is none)."""
    firsts = [_BRANCH_PREFIXES.get(written.lower(), written.lower()) for written in _BRANCH_FIRST.findall(said)]
    if firsts:   # (several kinds first, "feat/add-export or fix/null-user": named by their type)
        return "type" if len(set(firsts)) > 1 and firsts[0] != "<username>" else firsts[0]
    return "ticket" if _TICKET_FIRST.search(said) else said.strip(" :`'\".。").lower()[:40]


# how a change reaches a branch: pushed to it directly, or through a pull (merge) request; a route said to be
# refused is negated ("direct pushes to main are blocked", "nobody pushes straight to main", 直接 push 会被拒绝)
_DIRECTLY = re.compile(r"\b(?:push\w*|commit\w*|merg\w*|land\w*)\s+(?:[\w-]+\s+){0,3}?(?:directly|straight)\b"
                       r"|\bdirect(?:ly)?\s+(?:push|pushes|pushing|commits?|committing)\b|直接\s*(?:push|推|提交|合入|往)",
                       re.IGNORECASE)
_REVIEWED = re.compile(r"\b(?:through|via|with|by)\s+(?:an?\s+)?(?:pull|merge)[\s-]requests?\b"
                       r"|\b(?:through|via)\s+(?:an?\s+)?(?:PRs?|MRs?)\b|\bneeds?\s+(?:an?\s+)?(?:PR|MR|pull request)\b"
                       r"|(?:通过|经由|经过|走)\s*(?:PR|MR|pull request|合并请求|代码评审)", re.IGNORECASE)
_REFUSED = re.compile(r"\b(?:block|reject|refus|disallow|forbid|prohibit)\w*|\b(?:nobody|no one)\b"
                      r"|拒绝|禁止|不允许|不许|不可以", re.IGNORECASE)
_RENAMED = re.compile(r"\brenamed\s*$", re.IGNORECASE)   # (searched up to a branch named after "from")
_ROUTE_BRANCH = re.compile(r"(?<![\w/-])(main|master|trunk|develop|release|gh-pages)(?![\w/-])|(主干)", re.IGNORECASE)


def _routes_to_branch(clause: str, text: str) -> list[tuple[frozenset[str], str]]:
    """(the branch, "direct-push" or "pull-request") for each way ``clause`` says a change reaches a branch the
    clause or else its note names (main, master = main, 主干 = main, release…); none where it names
    no branch (a personal branch one may push to is not main)."""
    said = [route for route, pattern in (("direct-push", _DIRECTLY), ("pull-request", _REVIEWED))
            if pattern.search(clause)]
    branch = (_ROUTE_BRANCH.search(clause) or _ROUTE_BRANCH.search(text)) if said else None
    if branch is None:
        return []
    name = "main" if branch.group(2) else branch.group(1).lower().replace("master", "main").replace("trunk", "main")
    return [(frozenset({name}), route) for route in said]


@lru_cache(maxsize=50_000)
def claims_of(text: str) -> frozenset[Claim]:
    """Every claim ``text`` makes (see the module docstring)."""
    if not _might_claim(text):
        return frozenset()
    found: set[Claim] = set()
    for clause, negated in _clauses(text):
        if not _might_claim(clause):   # (most clauses of a note that may claim something claim nothing)
            continue
        entity = _entity(clause)
        for match in _PACKAGE_MANAGER.finditer(clause):
            found.add(Claim("package-manager", entity, PACKAGE_MANAGERS[match.group(1).lower()], negated))
        for match in _VERSION.finditer(clause):
            runtime = _RUNTIMES[match.group(1).lower()]
            value = match.group(2) if runtime == "node" or match.group(3) is None else \
                f"{match.group(2)}.{match.group(3)}"
            # (of what runs it, not of the runtime itself: "Prod DB is Postgres 15" is of the production database)
            found.add(Claim(f"version:{runtime}", entity - {runtime}, value, negated))
        if _DEPLOYING.search(clause):
            for match in _WEEKDAY.finditer(clause):
                day = _WEEKDAYS.get((match.group(1) or match.group(2) or "").lower())
                if day:
                    found.add(Claim("deploy-day", entity, day, negated))
        which = _port_kinds(clause) if ("port" in clause.lower() or "端口" in clause) else frozenset()
        coded = frozenset(name.lower() for name in _CODE_NAME.findall(clause)) if "端口" in clause else frozenset()
        served = _chinese_services(clause) if "端口" in clause and not (entity or coded) else frozenset()
        for port, _span in ports_in(clause):
            found.add(Claim("port", entity | _before_port(clause) | which | served, port, negated))
        owners = entity or coded or served
        if owners:   # its owner: the clause's names, its Latin words too ("orbit-server 的 metrics 暴露在 9464 端口";
            for match in _PORT_BEFORE.finditer(clause):   # 查询服务 trace-api 监听 9090 端口)
                latin = {_same(word.lower()) for word in _LATIN_WORD.findall(clause)} - _STOP
                found.add(Claim("port", owners | latin | which, match.group(1), negated))
        for match in tools.pattern().finditer(clause):   # (the CI systems: the tools of that job)
            tool, job = tools.named(match.group(0)) or ("", "")
            if job == "ci":
                found.add(Claim("ci", entity, tool, negated))
        if _INDENTING.search(clause):
            for match in _INDENT.finditer(clause):
                spaces, tabs, chinese_spaces, chinese_tabs = match.groups()
                count = (spaces or chinese_spaces or "").lower()
                value = "tabs" if tabs or chinese_tabs else f"{_NUMBER_WORDS.get(count, count)} spaces"
                found.add(Claim("indentation", entity, value, negated))
        for choice in CHOICES:
            if choice.about is None or choice.about.search(clause):
                owner = frozenset() if choice.of_the_project else (entity | _owner(choice, clause)) - choice.its_own
                if choice.subject == "naming" and owner & _NAME_KINDS:   # (the kind of name says what it is of)
                    owner = owner & (_NAME_KINDS | _LANGUAGES | _ENTITIES) - _SAID_OF_NAMES
                for match in choice.pattern.finditer(clause):
                    if choice.unless and choice.unless.match(clause, match.end()):
                        continue
                    named = {_same(word) for word in _WORD.findall(match.group(1).lower())}
                    found.add(Claim(choice.subject, owner - named, choice.value(match.group(1)), negated))
        for match in _APPROVALS.finditer(clause):
            count = match.group(1).lower()
            found.add(Claim("approvals", entity, _NUMBER_WORDS.get(count, count), negated))
        for value, _span in line_lengths_in(clause):
            found.add(Claim("line-length", entity, value, False))   # a limit: "not over 100" is 100
        found |= _commands(clause, entity, negated) | _limits(clause, entity, negated)
        for match in _HOST.finditer(clause):
            if entity:   # where a named part lives ("the staging DB is at db-staging.internal")
                found.add(Claim("address", entity, match.group(1).lower().rstrip("/.,"), negated))
        for branch, route in _routes_to_branch(clause, text):
            refused = route == "direct-push" and bool(_REFUSED.search(clause))
            found.add(Claim("merge-route", branch, route, negated or refused))
        for match in _DEFAULT_BRANCH.finditer(clause):
            name = next(name for name in match.groups() if name).lower()
            if name in _BRANCH_NAMES or "`" in match.group(0):   # (not "The default branch is protected.")
                found.add(Claim("default-branch", _repository_of(clause, name, match.start()), name, negated))
        naming = _BRANCH_NAMING.search(clause)
        if naming:
            found.add(Claim("branch-naming", entity, _branch_prefix(clause[naming.end():]), negated))
        if _ABOUT_BRANCHES.search(clause):
            kind = frozenset(_BRANCH_KINDS.findall(_RELEASE_TAG.sub("", clause.lower())))   # hotfix branches start
            # elsewhere (and a release's tag is no release branch)
            for match in _BRANCH.finditer(clause):
                if not _RENAMED.search(clause, 0, match.start()):   # ("renamed from master": a name left behind)
                    base = next(group for group in match.groups() if group).lower()
                    found.add(Claim("base-branch", entity | kind, "release-tag" if "tag" in base else base, negated))
        toggle = _TOGGLE.search(clause)
        if toggle:
            flags = {"".join(names).lower() for names in _FLAG_AS_CODE.findall(clause)}   # (the flag, where it is:
            what = frozenset(flags) | (entity & _PLACES) if flags else _context(clause, toggle)   # not every word)
            if what:   # "disable format on save" is off; said negated ("never disable…"), on
                off = (toggle.group(0).lower() in _OFF) != negated
                found.add(Claim("setting", what, "off" if off else "on", False))
        for match in _TIME.finditer(clause):
            value = _clock(match)
            if value is not None:
                found.add(Claim("time", entity | _context(clause, match), value, negated))
    # a title's "npm" beside the body's "npm in the web package" is that claim, not a second one
    # about the whole project
    specific = {(c.subject, c.value, c.negated) for c in found if c.entity}
    return frozenset(c for c in found if c.entity or (c.subject, c.value, c.negated) not in specific)


def conflicts(a: frozenset[Claim], b: frozenset[Claim], a_text: str = "",
              b_text: str = "") -> list[tuple[Claim, Claim]]:
    """The claims of ``a`` and ``b`` on one subject of one thing that cannot both hold: a value one
    asserts that the other says is not so, or two values where one is asserted each ("Node 18" /
    "Node 20") and neither note also asserts the other's. With the notes' texts, a name one claim's
    thing is given by that the other note says too is no other thing where all else of the two things
    is the same (:func:`of_other_things`); a tool both name still is ("gRPC 端口是 9081" / "端口 9090")."""
    found = []
    said_a, said_b = _names_said(a_text, tools_too=False), _names_said(b_text, tools_too=False)
    for _subject, mine_of, theirs_of in _shared_subjects(a, b, said_a, said_b):
        mine = {c.value for c in mine_of if not c.negated}
        not_mine = {c.value for c in mine_of if c.negated}
        theirs = {c.value for c in theirs_of if not c.negated}
        not_theirs = {c.value for c in theirs_of if c.negated}
        if (mine & not_theirs) or (theirs & not_mine) or (mine and theirs and not mine & theirs):
            found.append((min(mine_of, key=_order), min(theirs_of, key=_order)))
    return found


def _shared_subjects(a: frozenset[Claim], b: frozenset[Claim], said_a: frozenset[str] = frozenset(),
                     said_b: frozenset[str] = frozenset()) -> list[tuple[str, list[Claim], list[Claim]]]:
    """(subject, a's claims, b's claims) for each subject both speak of, of one thing: the same
    entity, or none on one side where the other names production (where deploys go unless said)."""
    shared = []
    for subject in sorted({c.subject for c in a} & {c.subject for c in b} - {"time"}):
        for entity in sorted({c.entity for c in a if c.subject == subject}, key=sorted):
            mine = [c for c in a if c.subject == subject and c.entity == entity]
            theirs = [c for c in b if c.subject == subject
                      and (_one_thing(c.entity, entity) or c.entity - said_a == entity - said_b)]
            if theirs:
                shared.append((subject, mine, theirs))
    return shared


# a note saying it is an exception to a rule ("Billing PRs need two approvals, an exception to the
# usual one-approval rule"; 例外, 特例) does not contradict the rule it names
_EXCEPTION = re.compile(r"\b(?:an? exception|exception to|exceptions to the|overrides? the (?:usual|default|general)"
                        r"|(?:are|is|kept|stays?)\s+separate from|independent of|not to be confused with)\b"
                        r"|例外|特例|除外|独立于", re.IGNORECASE)   # (not "we send exceptions to Sentry")


def is_an_exception(text: str) -> bool:
    """Whether ``text`` says it is an exception to a rule (and so contradicts no rule it names)."""
    return bool(_EXCEPTION.search(text))


def of_other_things(a: frozenset[Claim], b: frozenset[Claim], a_text: str = "", b_text: str = "") -> bool:
    """Whether the two speak of one subject, each of another thing only ("the read timeout is 30s" /
    "the connect timeout is 5s"; "the API port" / "the metrics port"): a clock time aside, whose
    thing is read loosely. A name one side's thing is given by that the other note says too (``a_text``,
    ``b_text``) names no other thing: "The ledgerd service runs Python 3.9" / "ledgerd runs on Python
    3.11" (a name said first, as what the note is of, is read as no part of it); a name joined by hyphens
    is its words ("larkspur-api" / "the Larkspur API"; measured on the pairs v1-v35: 4 contradictions
    found, none lost, one more planted in the stores)."""
    said_a, said_b = name_parts(_names_said(a_text)), name_parts(_names_said(b_text))
    for subject in {c.subject for c in a} & {c.subject for c in b} - {"time"}:
        # (with a name both say taken out, what is left on either side may name no other thing; a
        # database or a cache only where what is given is a product's version: "Orvenna uses Postgres 13" /
        # "Orvenna's database runs PostgreSQL 16", not "prod deploys happen Tuesdays" / "database
        # migrations in prod are applied Tuesdays")
        said_of_any = _SAID_OF_ANY if subject.startswith("version:") else _SAID_OF_ANY - {"database", "cache"}
        if not any(_one_thing(claim.entity, other.entity) or _named_more_closely(claim.entity, other.entity)
                   or (mine, theirs) != (claim.entity, other.entity) and mine ^ theirs <= said_of_any
                   for claim in a if claim.subject == subject for other in b if other.subject == subject
                   for mine, theirs in [(name_parts(claim.entity) - said_b, name_parts(other.entity) - said_a)]):
            return True
    return False


@lru_cache(maxsize=50_000)
def _names_said(text: str, tools_too: bool = True) -> frozenset[str]:
    """The names ``text`` says that are no part of a system (:data:`_ENTITIES`): a project's, a service's;
    a tool's (gRPC, MySQL) only ``tools_too``."""
    return frozenset(word for word in (word.lower().rstrip(".") for word in _WORD.findall(text))
                     if word not in _ENTITIES and word not in _LANGUAGES and (tools_too or not tools.named(word)))


# words one side's thing may say besides the other's that name no other thing: what a value's own kind
# names already ("Postgres 15 in production" / "the production database is on Postgres 16"), the
# language a runtime's name stands for, and that a part is a service, an app or reached over REST ("the web
# app" / "the web")
_SAID_OF_ANY = frozenset({"database", "cache", "golang", "java", "javascript", "python", "service", "web", "app",
                          "rest", "server"})


def _named_more_closely(first: frozenset[str], second: frozenset[str]) -> bool:
    """Whether one thing is the other named with words that name no other thing (:data:`_SAID_OF_ANY`),
    both named (a thing read as none may be one the reading does not know: 玩家会话)."""
    return bool(first) and bool(second) and (first < second or second < first) and (first ^ second) <= _SAID_OF_ANY


def same_claims(a: frozenset[Claim], b: frozenset[Claim]) -> bool:
    """Whether two notes make the same claims (times aside): each of one's has one in the other's with
    the same subject, value and negation, of one thing."""
    mine, theirs = [c for c in a if c.subject != "time"], [c for c in b if c.subject != "time"]
    return bool(mine) and bool(theirs) and all(
        any(c.subject == d.subject and c.value == d.value and c.negated == d.negated and _one_thing(c.entity, d.entity)
            for d in others) for claims, others in ((mine, theirs), (theirs, mine)) for c in claims)


def _one_thing(first: frozenset[str], second: frozenset[str]) -> bool:
    if first == second or (not first and second <= _DEFAULT) or (not second and first <= _DEFAULT):
        return True
    if name_parts(first) == name_parts(second):   # ("the invoicing API" / "invoicing-api": one name, two ways)
        return True
    if first and second and (first < second or second < first) and (first ^ second) <= _THE_PART_ITSELF:
        return True   # ("the API server" / "the API")
    kinds, other_kinds = first & _NAME_KINDS, second & _NAME_KINDS   # (a kind of name one side only says is
    return bool(kinds) != bool(other_kinds) and first - kinds - _SAID_OF_NAMES == second - other_kinds - _SAID_OF_NAMES
    # of whichever the other: "The API uses camelCase." / "API field names use snake_case.")


def name_parts(words: frozenset[str]) -> frozenset[str]:
    """The words of names joined by hyphens or underscores, each apart (invoicing-api: invoicing, api)."""
    return frozenset(part for word in words for part in re.split(r"[-_]", word) if part)


_DEFAULT = frozenset({"production"})   # where "we deploy on Fridays" deploys
# the word naming a part as what runs it: "the API server" is the API (not "service": a Kubernetes Service
# exposes its own port, not the container's)
_THE_PART_ITSELF = frozenset({"server"})
# the kinds of name a naming style is for (as _owner reads them)
_NAME_KINDS = frozenset("file message field column table variable function method class branch component "
                        "directory folder package module key slug enum constant type tag topic bucket endpoint route "
                        "event".split())


def _order(claim: Claim) -> tuple[bool, str]:
    return claim.negated, claim.value


def literals_differ(a: frozenset[Claim], b: frozenset[Claim]) -> bool:
    """Whether the two give one subject different literals (a version, a port, a day, a time of one
    event): such notes are never one fact said twice, whatever else they share."""
    if conflicts(a, b):
        return True
    times_a = {(c.entity, c.value) for c in a if c.subject == "time" and not c.negated}
    times_b = {(c.entity, c.value) for c in b if c.subject == "time" and not c.negated}
    if times_a and times_b and not times_a & times_b:
        return True   # "backups at 2am" / "vacuum at 2am" (another event), "backups at 3am" (another time)
    asserted_a = {(c.subject, c.value) for c in a if not c.negated and c.subject != "time"}
    asserted_b = {(c.subject, c.value) for c in b if not c.negated and c.subject != "time"}
    subjects = {s for s, _ in asserted_a} & {s for s, _ in asserted_b}
    return any({v for s, v in asserted_a if s == subject} != {v for s, v in asserted_b if s == subject}
               for subject in subjects)


def restates(a: frozenset[Claim], b: frozenset[Claim]) -> bool:
    """Whether a note claiming ``a`` says again what one claiming ``b`` says: each value it asserts
    (a clock time aside) ``b`` asserts of the same thing, and nothing conflicts ("Always use pnpm in
    this repo." / "项目使用 pnpm 管理依赖。")."""
    mine = {(c.subject, c.entity, c.value) for c in a if not c.negated and c.subject != "time"}
    return bool(mine) and mine <= {(c.subject, c.entity, c.value) for c in b if not c.negated} \
        and not conflicts(a, b)


_KEY_NAMES = {"package-manager": "package_manager", "deploy-day": "deploy_day"}


def proposed_subject_key(text: str) -> str | None:
    """The subject key a note's claims give it (``project.package_manager``, ``project.node_version``,
    ``api.port``, ``python.indentation``), or None when it asserts no subject or several: a key is
    proposed only where the note speaks of one subject of one thing. A clock time is no subject (a
    time belongs to an event, read loosely)."""
    asserted = {(c.subject, c.entity) for c in claims_of(text) if not c.negated and c.subject != "time"}
    if len(asserted) != 1:
        return None
    [(subject, entity)] = asserted
    kind, _, runtime = subject.partition(":")
    name = f"{runtime}_version" if kind == "version" else _KEY_NAMES.get(subject, subject)
    owner = "_".join(sorted(entity - _DEFAULT if subject == "deploy-day" else entity)) or "project"
    return f"{owner}.{name}"


# what a language is chosen for: replies, code comments, docs, commit messages (one thing each)
_LANGUAGE_OWNERS = {"reply": "reply", "replies": "reply", "respond": "reply", "answer": "reply",
                    "answers": "reply", "speak": "reply", "talk": "reply", "回复": "reply", "回答": "reply",
                    "交流": "reply", "comment": "comments", "comments": "comments", "注释": "comments",
                    "doc": "docs", "docs": "docs", "documentation": "docs", "文档": "docs",
                    "commit message": "commits", "commit messages": "commits", "提交信息": "commits"}


# what a naming style is for: "field names", "columns are named", 字段名, 消息里的字段…命名
_NAMED_THINGS = re.compile(r"\b(files?|messages?|fields?|columns?|tables?|variables?|functions?|methods?|classes|class|"
                           r"branch(?:es)?|components?|director(?:y|ies)|folders?|packages?|modules?|keys?|slugs?|"
                           r"enums?|constants?|types?|tags?|topics?|buckets?|endpoints?|routes?|events?)"
                           r"(?:\s+names?\b|\s+(?:are|is)\s+named\b|(?=\s+(?:are|use|follow|in)\b))"
                           r"|(文件|消息|字段|列|表|变量|函数|方法|类|分支|组件|目录|包|模块|常量|枚举|路由|事件|标签)"
                           r"(?=名|[^，。；,;.]{0,20}(?:命名|风格|驼峰|下划线|case))", re.IGNORECASE)
# (fields are an API's, columns a database's: "the JSON API's fields" / "its keys"; and what they must match: "to
# match the API payloads")
_SAID_OF_NAMES = frozenset({"api", "database", "db", "json", "service", "app"})
_OF_A_TABLE = re.compile(r"\b(?:db|database|sql|tables?|mysql|postgres\w*|sqlite)\b"
                         r"|数据库|数据表|表字段|表的字段|表名|库表", re.IGNORECASE)
_KIND_AFTER = re.compile(r"case\s+(keys?|fields?|columns?|variables?|constants?)\b", re.IGNORECASE)   # (camelCase keys)
_CHINESE_NAMED = {"文件": "file", "消息": "message", "字段": "field", "列": "column", "表": "table", "变量": "variable",
                  "函数": "function", "方法": "method", "类": "class", "分支": "branch", "组件": "component",
                  "目录": "directory", "包": "package", "模块": "module", "常量": "constant", "枚举": "enum",
                  "路由": "route", "事件": "event", "标签": "tag", "classes": "class", "branches": "branch",
                  "directories": "directory"}


def _owner(choice: Choice, clause: str) -> frozenset[str]:
    """The thing a language is chosen for, read from the words that made the clause about it; the
    kind of name a naming style is for (field names, 消息名: the last the clause names); the kind of
    tests a test runner runs."""
    if choice.subject == "naming":
        named = [next(group for group in match.groups() if group).lower() for match in _NAMED_THINGS.finditer(clause)]
        named = named or [match.group(1).lower() for match in _KIND_AFTER.finditer(clause)]
        if not named:
            return frozenset()
        kind = _CHINESE_NAMED.get(named[-1], named[-1].rstrip("s"))
        if kind == "key" or (kind == "field" and _OF_A_TABLE.search(clause)):   # (JSON keys are its fields; a
            kind = "field" if kind == "key" else "column"   # database's fields, 表字段, its columns)
        return frozenset({kind})
    if choice.subject == "test-runner":   # ("Unit tests use Jest." / "Integration tests use Mocha.": two runners)
        return _test_kinds(clause)
    if choice.subject != "language" or choice.about is None:
        return frozenset()
    return frozenset(_LANGUAGE_OWNERS[word] for word in
                     (m.group(0).lower() for m in choice.about.finditer(clause)) if word in _LANGUAGE_OWNERS)


def _commands(clause: str, entity: frozenset[str], negated: bool) -> set[Claim]:
    """"Run tests with `pnpm test`": the command a clause gives for one kind of work (one kind named,
    one command written), the thing it is for the clause's parts and kinds ("e2e tests")."""
    commands = _TICKED.findall(clause)
    outside = _TICKED.sub(" ", clause)
    kinds = {_COMMAND_VERBS[(m.group(1) or m.group(2)).lower()] for m in _COMMAND_VERB.finditer(outside)}
    if len(commands) != 1 or len(kinds) != 1:
        return set()
    return {Claim(f"command:{kinds.pop()}", entity | _test_kinds(clause), " ".join(commands[0].split()), negated)}


def _test_kinds(clause: str) -> frozenset[str]:
    """The kinds of tests a clause names ("e2e tests", "unit tests"): each a thing of its own."""
    return frozenset(match.group(0).lower() for match in _TEST_KIND.finditer(clause))


# (a word of its own: "unittest" is a runner, not unit tests)
_TEST_KIND = re.compile(r"(?<![\w-])(?:unit|e2e|integration|smoke|end-to-end)(?![\w-])", re.IGNORECASE)


def _limits(clause: str, entity: frozenset[str], negated: bool) -> set[Claim]:
    """"The upload timeout is 30 seconds": a limit of a named thing, in one unit (seconds, bytes)."""
    found = set()
    for match in _LIMIT.finditer(clause):
        name = re.sub(r"[\s-]+", "_", match.group(1).lower()).rstrip("s") if match.group(1).lower() != "retries" \
            else "retries"
        number = float(match.group(2)) * _UNITS.get((match.group(3) or "").lower(), 1)
        found.add(Claim(f"limit:{name}", entity | _context(clause, match) & _ENTITIES | _limit_of(clause, match),
                        f"{number:g}", False))
    return found


def _limit_of(clause: str, match: re.Match[str]) -> frozenset[str]:
    """What a limit is of, besides the clause's named parts: the word before its name ("the
    connect timeout", "the read timeout") and what follows "for" or "of" before its number ("max
    upload size for invoices"): two limits of two things are not one limit given two values."""
    before = _WORD.findall(clause[:match.start()])[-1:]
    between = clause[match.end(1):match.start(2)]
    after = [word for part in _LIMIT_FOR.findall(between) for word in _WORD.findall(part)]
    return frozenset(_same(word.lower()) for word in (*before, *after)
                     if word.lower() not in _STOP and word.lower() not in _LIMIT_WORDS)


def _clauses(text: str) -> list[tuple[str, bool]]:
    """The text's clauses, each with whether it is negated; "from X to" makes X a negated clause."""
    marked = _LEFT_BEHIND.sub(lambda m: f" ; never {next(group for group in m.groups() if group)} ; now ", text) \
        if may_leave_behind(text) else text
    return [(clause, bool(_NEGATED.search(clause))) for clause in _CLAUSE.split(marked) if clause and clause.strip()]


def entity_of(text: str) -> frozenset[str]:
    """The parts of the system ``text`` names ("the API", "staging", 生产环境…), as a claim's
    entity is read."""
    return _entity(text)


# a list of examples in brackets ("(feat:, fix:, docs:)", "(e.g. web, api)"): what it names is no part of
# the system the clause speaks of
_BRACKETS = re.compile(r"[(（][^()（）]*[)）]")


def _entity(clause: str) -> frozenset[str]:
    if "(" in clause or "（" in clause:   # (a list: a comma inside)
        clause = _BRACKETS.sub(lambda m: " " if any(mark in m.group(0) for mark in ",，、") else m.group(0), clause)
    clause = _WEB_END.sub("前端", clause)   # (web 端, H5 端: the frontend)
    words = {word.lower().rstrip(".") for word in _WORD.findall(clause)}
    found = {word for word in words if word in _ENTITIES or word in _LANGUAGES}
    found |= {word[:-1] for word in words if word.endswith("s") and word[:-1] in _ENTITIES
              and word not in ("tests", "services")}   # "APIs", "workers" ("smoke tests" are no test
    # environment; "all services", "backend services" name no one service)
    if _GO_FILES.search(clause):   # "go" alone is a verb ("deploys go out")
        found.add("golang")
    found |= {name for chinese, name in _CHINESE_ENTITIES.items()
              if chinese in clause and (chinese != "线上" or ONLINE.search(clause))}
    found |= {word for word in (_CHINESE_BRANCH_KINDS.get(kind, kind).lower() for m in _QUALIFIED.finditer(clause)
                                for kind in [next(group for group in m.groups() if group)])
              if word not in _STOP and word not in _NO_QUALIFIER and not word[0].isdigit()}
    named = _CODE_NAME_FIRST.match(clause)
    if named and not ("_" in named.group(1) and _SETTING_AFTER.match(clause, named.end())):
        found.add(named.group(1).lower())   # (not a setting's name: "heartbeat_interval: 30s" names no part)
    found |= {m.group(1).lower() for m in _PART_OF.finditer(clause)}
    return frozenset(_same(word) for word in found)


_SAME = {"front-end": "frontend", "back-end": "backend", "prod": "production", "db": "database",
         "documentation": "docs", "workers": "worker", "development": "dev", "locally": "dev", "ts": "typescript",
         "js": "javascript", "py": "python"}


def _same(word: str) -> str:
    return _SAME.get(word, word)


def spellings(entity_word: str) -> frozenset[str]:
    """The words a note may write where its claims read ``entity_word`` ("database": "db", "数据库"…;
    "golang": "go"), so that a search for the notes on one thing finds them however they say it."""
    written = {entity_word, *(word for word, same in _SAME.items() if same == entity_word),
               *(chinese for chinese, name in _CHINESE_ENTITIES.items() if name == entity_word)}
    return frozenset(written | ({"go"} if entity_word == "golang" else set()))


# a port of its own a service may have beside its main one ("the API's metrics endpoint is on port 9090")
_PORT_KINDS = re.compile(r"\b(metrics|admin|debug|management|health|grpc|ssh|websocket)\b|(监控|管理)", re.IGNORECASE)


def _chinese_services(clause: str) -> frozenset[str]:
    """The services a clause names in Chinese, each by its own words (生产上的青鸾网关: 青鸾网关; 的服务端口
    names none: a service's port)."""
    names = (name.rsplit("的", 1)[-1] for name in _CHINESE_SERVICE.findall(clause))
    return frozenset(name for name in names if name not in ("服务", "网关"))


def _port_kinds(clause: str) -> frozenset[str]:
    return frozenset((match.group(1) or match.group(2)).lower() for match in _PORT_KINDS.finditer(clause))


def _before_port(clause: str) -> frozenset[str]:
    match = _BEFORE_PORT.search(clause)
    if match is None:
        return frozenset()
    # ("exposed on port 6380", "bound to port", "binds to port": a verb names no thing)
    return frozenset(_same(w.lower()) for w in match.groups()
                     if w and w.lower() not in _STOP and not w.lower().endswith("ed") and w.lower() not in _PORT_VERBS)


_PORT_VERBS = frozenset("bind binds listen listens serve serves expose exposes forward forwards map maps target "
                        "targets use uses run runs open opens".split())


def _context(clause: str, time: re.Match[str]) -> frozenset[str]:
    """The event a clock time belongs to: the clause's other words (schedule words aside)."""
    rest = clause[:time.start()] + " " + clause[time.end():]
    words = {word.lower().rstrip(".s") for word in _WORD.findall(rest)}
    ignored = _STOP | {"never", "not", "don't", "do", "no", "nightly", "daily", "night", "every", "day", "utc", "cet",
                       "pst", "est", "am", "pm", "happen", "happens", "go", "goes", "start", "starts", "kick", "kicks",
                       "off", "out"}
    han = {ch for ch in rest if "\u4e00" <= ch <= "\u9fff"} - set("每天晚上凌晨早上午下点的在会要进行执行运行")
    return frozenset({word for word in words if word not in ignored and len(word) > 1} | han)


def _clock(match: re.Match[str]) -> str | None:
    hour_12, minute_12, half, part_24, hour_24, minute_24, chinese_part, chinese_hour, past_half, past = match.groups()
    if hour_12 is not None:
        hour = int(hour_12) % 12 + (12 if half.lower().startswith("p") else 0)
        minute = int(minute_12 or 0)
    elif hour_24 is not None:
        hour, minute = int(hour_24), int(minute_24)
        if (part_24 in _EVENING and hour < 12) or (part_24 in _NIGHT and 6 <= hour < 12):
            hour += 12
    elif chinese_hour is not None:
        hour, minute = int(chinese_hour), 30 if past_half else int(past or 0)
        if (chinese_part in _EVENING and hour < 12) or (chinese_part in _NIGHT and 6 <= hour < 12):
            hour += 12
    else:
        return None
    return f"{hour:02d}:{minute:02d}" if hour < 24 and minute < 60 else None


# A number with its unit, in one unit ("10 minutes" and "600s" are one value; "10MB" and "10
# megabytes" too; "a 30-second limit" is 30 seconds); a clock time and a version's parts are read elsewhere.
_UNIT_FACTORS = {
    **dict.fromkeys(("ms", "millisecond", "milliseconds", "毫秒"), ("s", 0.001)),
    **dict.fromkeys(("s", "sec", "secs", "second", "seconds", "秒"), ("s", 1)),
    **dict.fromkeys(("min", "mins", "minute", "minutes", "分钟"), ("s", 60)),
    **dict.fromkeys(("h", "hr", "hrs", "hour", "hours", "小时"), ("s", 3600)),
    **dict.fromkeys(("d", "day", "days", "天"), ("s", 86400)),
    **dict.fromkeys(("b", "byte", "bytes"), ("b", 1)),
    **dict.fromkeys(("kb", "kib", "kilobyte", "kilobytes"), ("b", 1024)),
    **dict.fromkeys(("mb", "mib", "megabyte", "megabytes", "兆"), ("b", 1024 ** 2)),
    **dict.fromkeys(("gb", "gib", "gigabyte", "gigabytes"), ("b", 1024 ** 3)),
    **dict.fromkeys(("%", "percent", "per cent"), ("%", 1)),
}
_AMOUNT = re.compile(r"(?<![A-Za-z0-9_.,/#@$-])(?<!\d:)(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?:-(?=[A-Za-z])|\s*)("
                     + "|".join(sorted(map(re.escape, _UNIT_FACTORS), key=len, reverse=True))
                     + r")?(?![A-Za-z0-9_:/-]|[.,]\d)", re.IGNORECASE)


_DIGIT = re.compile(r"\d")


def amounts_of(text: str) -> frozenset[str]:
    """The numbers ``text`` gives, each in one unit ("600s", "10485760b", "80%", "100"): clock
    times and what a word or a path holds ("us-east-1", "v9", "/api/v2") are not amounts."""
    return frozenset(value for value, _span in amounts_in(text))


def amounts_in(text: str) -> list[tuple[str, tuple[int, int]]]:
    """Each number ``text`` gives in one unit (as :func:`amounts_of`), with where it is written."""
    if _DIGIT.search(text) is None:
        return []
    text = _TIME.sub(lambda match: " " * len(match.group(0)), text)
    found = []
    for match in _AMOUNT.finditer(text):
        number, unit = match.groups()
        kind, factor = _UNIT_FACTORS.get(unit.lower(), ("", 1)) if unit else ("", 1)
        value = float(number.replace(",", "")) * factor
        found.append((f"{int(value) if value.is_integer() else round(value, 6)}{kind}", match.span()))
    return found


def line_lengths_in(text: str) -> list[tuple[str, tuple[int, int]]]:
    """Each line length ``text`` gives ("line length 100", "88 columns" of lines, 行宽 120), with where."""
    if not _ABOUT_LINES.search(text):
        return []
    return [(next(group for group in match.groups() if group), match.span()) for match in _LINE_LENGTH.finditer(text)]


def clock_times_in(text: str) -> list[tuple[str, tuple[int, int]]]:
    """Each clock time ``text`` gives ("2am", "02:00", 凌晨 2 点: "02:00"), with where it is written; a
    window's first hour written without its half of the day has the last's ("between 1 and 4 a.m.")."""
    found = [(value, match.span()) for match in _TIME.finditer(text) if (value := _clock(match)) is not None]
    if "m" in text:
        for match in _HOURS_TO.finditer(text):
            hour, minute, last, half = (int(match.group(1)), int(match.group(2) or 0), int(match.group(3)),
                                        match.group(4))
            afternoon = half.lower().startswith("p") != (hour % 12 > last % 12)   # (9 to 5pm: 9 in the morning)
            if hour <= 12 and minute < 60:
                found.append((f"{hour % 12 + (12 if afternoon else 0):02d}:{minute:02d}", match.span(1)))
    return found


_HOURS_TO = re.compile(r"\b(\d{1,2})(?::(\d{2}))?\s*(?:and|to|-|–|until|till)\s*(\d{1,2})(?::\d{2})?\s*"
                       r"(am|pm|a\.m\.|p\.m\.)(?!\w)", re.IGNORECASE)


def ports_in(text: str) -> list[tuple[str, tuple[int, int]]]:
    """Each port ``text`` gives: after "port" or 端口, a loopback address's, one a service is said to
    listen, be served or bound on ("port 8080", 端口是 7444, localhost:5173, "binds to :8081")."""
    return [(next(group for group in match.groups() if group), match.span()) for match in _PORT.finditer(text)]


def weekdays_in(text: str) -> list[tuple[str, tuple[int, int]]]:
    """Each weekday ``text`` names ("Tuesdays", "周二": "tue"), with where it is written: every day of
    a run of them ("Mon–Thu", "Monday through Friday", 周一到周五) and of a week's part ("weekdays",
    "weekends", 工作日, 周末), so that "Mon-Thu" and "Mon, Tue, Wed and Thu" give the same days."""
    found: list[tuple[str, tuple[int, int]]] = []
    taken: list[tuple[int, int]] = []
    for match in _DAY_RUN.finditer(text):
        first, last = (_day_of(_WEEKDAY.match(match.group(n))) for n in (1, 2))
        if first and last:
            at, end = WEEK.index(first), WEEK.index(last)
            days = WEEK[at:end + 1] if at <= end else WEEK[at:] + WEEK[:end + 1]
            found += [(day, match.span()) for day in days]
            taken.append(match.span())
    for match in _WEEK_PART.finditer(text):
        if _COUNTED.search(text, max(match.start() - 6, 0), match.start()):
            continue
        days = WEEK[5:] if match.group(0).lower().startswith(("weekend", "周末")) else WEEK[:5]
        found += [(day, match.span()) for day in days]
        taken.append(match.span())
    found += [(day, match.span()) for match in _WEEKDAY.finditer(text)
              if (day := _day_of(match)) and not any(start <= match.start() < end for start, end in taken)]
    return found


def _day_of(match: re.Match[str] | None) -> str | None:
    return _WEEKDAYS.get((match.group(1) or match.group(2) or "").lower()) if match else None


WEEK = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")   # the days, as weekday values are written, in order
_A_DAY = (r"(?:(?:mon|tue|tues|wednes|wed|thu|thur|thurs|fri|satur|sat|sun)(?:day)?s?"
          r"|(?:周|星期|礼拜)[一二三四五六日天])")
# a run of days, written from one to another ("Mon–Fri", "Monday through Thursday", 周一到周五)
_DAY_RUN = re.compile(rf"(?<![A-Za-z0-9_-])({_A_DAY})\s*(?:-|–|—|~|～|to|through|thru|until|till|到|至)\s*({_A_DAY})"
                      r"(?![A-Za-z0-9_])", re.IGNORECASE)
# a part of the week ("on weekdays", 周末), not a count of days ("within 2 weekdays", 3 个工作日)
_WEEK_PART = re.compile(r"\b(?:week-?days?|workdays?|weekends?)\b|工作日|周末", re.IGNORECASE)
_COUNTED = re.compile(r"[\d一二两三四五六七八九十几]\s*个?\s*$")


def amounts_differ(a: frozenset[str], b: frozenset[str]) -> bool:
    """Each gives a number the other does not ("100 requests a minute" / "500 requests a minute";
    one adding a number the other leaves out is a detail, not another value)."""
    return bool(a - b) and bool(b - a)
