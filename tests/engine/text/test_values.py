"""The values a note gives, each of a kind and in one unit, and the tools named by what they are for."""
from __future__ import annotations

import pytest

from context_center.engine.text import tools
from context_center.engine.text.claims import claims_of
from context_center.engine.text.values import clashing_kind, shared_kinds, shown, values_of


@pytest.mark.parametrize("first, second, kind", [
    ("Sessions expire after 2 hours.", "A session lasts 120 minutes.", "duration"),
    ("Logs are kept for 2 weeks.", "Logs are kept for 14 days.", "duration"),
    ("Uploads are capped at 10MB.", "Uploads are capped at 10 megabytes.", "size"),
    ("The search API allows 1,000 requests per minute.", "Search is limited to 1000 req/min.", "rate"),
    ("The MCU runs at 48 MHz.", "The MCU clock is 48000 kHz.", "hertz"),
    ("Backups start at 2am.", "备份凌晨两点开始。", "clock"),
    ("Attendance locks on Sunday at 23:59.", "考勤每周日晚上 11:59 锁定。", "clock"),   # (晚上 11:59 was 11:59)
    ("Timesheets lock at 23:59 on Sunday.", "The weekly timesheet cutoff is Sunday, 11:59 PM.", "clock"),
    ("On-call hands over on Wednesdays.", "值班每周三交接。", "weekday"),
    ("The report is built nightly.", "The report is built every day.", "frequency"),
    ("Production is in cn-shanghai.", "生产环境在华东 2（上海）。", "region"),
    ("Lambdas run on Graviton.", "Lambdas are arm64.", "architecture"),
    ("Run the services on PostgreSQL 15.", "PG 15 everywhere.", "version:postgres"),
    ("Errors go to Sentry.", "We track errors in sentry.", "tool:error-tracker"),
    ("The docs live at https://docs.acme.io/.", "Docs: https://docs.acme.io", "address"),
    ("Preview links expire after 24 hours.", "Preview links are valid for one day.", "duration"),
    ("Payslips are kept for seven years.", "Payslips are kept for 7 years.", "duration"),
    ("锁座时长为 10 分钟。", "选座后座位保留十分钟。", "duration"),
    ("At most 6 tickets per order.", "Orders are limited to six tickets.", "count:ticket"),
    ("每笔订单最多买 4 张票。", "单个订单限购四张。", "count:张"),
    ("Transfers above €1,000 need a second factor.", "Transfers over 1000 EUR need 2FA.", "money:eur"),
    ("转账超过 5 万元需要刷脸。", "转账超过 50000 元要人脸识别。", "money:cny"),
    ("The index is rebuilt nightly.", "The index is rebuilt every 24 hours.", "frequency"),
    ("Android minSdk is 26.", "minSdkVersion = 26", "android-sdk:min"),
    ("The Android minSdk is 23.", "The Android app's `minSdk` is set to 23.", "android-sdk:min"),
    ("Max players per arena match is 32.", "Arena matches hold at most 32 players.", "count:player"),
    ("The DB connection pool is 15.", "Each pod opens 15 database connections.", "count:connection"),
    ("每周三晚 8 点上线。", "每周三 20:00 上线。", "clock"),   # (晚 alone is the evening too)
    ("周五晚八点封版。", "周五 20:00 封版。", "clock"),
    ("The game server tick rate is 60 Hz.", "Dedicated servers simulate at 60 ticks per second.", "hertz"),
    ("The default slot is 45 minutes.", "default_slot_minutes: 45  # SmileSlot", "duration"),
    ("Standup starts at half past nine.", "Standup is at 09:30.", "clock"),
    ("Rollouts start at noon.", "Rollouts start at 12:00.", "clock"),
    ("Uploads are resized to a max width of 2000 px.", "上传图片宽度最大压缩到 2000 像素。", "pixels"),
    ("max_surge_multiplier: 3.0  # pricing", "The surge multiplier is capped at 3.0x.", "multiplier"),
    ("go_version: 1.22", "All Go services are built with Go 1.22.", "version:go"),
    ("Postmortems are due within 5 business days.", "故障发生后五个工作日之内要交 postmortem。", "business-days"),
    ("Write the postmortem within five working days.", "Postmortems are due in 5 business days.", "business-days"),
    ("Lines wrap at 100 characters.", "Black's line length is 100.", "line-length"),
    # a pool sized or capped at a number; how many at once, however said; a line length in a language's code
    ("The orders DB pool is sized at 40.", "orders keeps at most 40 connections open in its pool.", "count:connection"),
    ("Indexer concurrency: six.", "The indexer handles 6 documents at a time.", "concurrency"),
    ("并发数为 12。", "Each consumer processes 12 messages concurrently.", "concurrency"),
    ("Max line length in Go code is 100.", "Prettier's printWidth is set to 100.", "line-length"),
    ("Reports run in the `analytics` namespace.", "Report jobs: namespace is analytics", "namespace"),
    ("支付服务部署在 pay-prod 命名空间。", "The payments service runs in the pay-prod namespace.", "namespace"),
    ("The solver gets a 30-second time limit.", "The solver may search for 30 s.", "duration"),
    ("We run one-week sprints.", "A sprint lasts 7 days.", "duration"),
    ("Minimum iOS version supported: 16.0", "The app needs iOS 16.", "version:ios"),
    ("Log training runs to Weights & Biases.", "Experiments are tracked in W&B.", "tool:experiments"),
    ("Lesson audio is Opus at 64kbps.", "Audio is served at 64 kbps.", "bitrate"),
    ("Base image: python:3.12-slim", "Services run on Python 3.12.", "version:python"),
    ("Invoices are due net 30.", "Invoices are due 30 days after issue.", "duration"),   # (payment terms)
    ("Python 3.12 is the minimum supported version.", "We require Python >= 3.12.", "version:python"),
    ("Parcels may weigh up to 2.5 kg.", "包裹重量上限 2500 grams。", "mass"),
    ("Tickets print on 80 mm paper.", "门票用 8 厘米热敏纸。", "length"),
    ("Print files need 300 DPI.", "Artwork must be 300 dpi.", "dpi"),
    ("Videos are transcoded to 1280x720.", "Videos are transcoded to 720p.", "resolution"),
    ("The app ships in English and German.", "应用提供英文和德语两种界面。", "language"),
    ("prod trace sampling ratio: 0.1", "Traces are sampled at 10% in production.", "percent"),
    ("Temperatures are sampled twice a minute.", "冷库温度每 30 秒采集一次。", "frequency"),
    ("冷库温度的采集频率：每分钟两次。", "Temperatures are read every 30 seconds.", "frequency"),
    ("The sync runs 4 times a day.", "The sync runs every 6 hours.", "frequency"),
    ("巡检照片保留 24 个月。", "巡检照片保存 2 年。", "duration"),
    ("Max upload size for attachments is 25 MB.", "attachments: max_upload_mb = 25", "size"),
    ("kiln-scheduler: resources.limits.memory = 2048Mi", "The scheduler container has a 2 GiB memory limit.", "size"),
    ("扫码支付：单商户 20 QPS 上限。", "扫码支付接口限流为每个商户每秒 20 次。", "rate"),
    ("接口限流是每个用户每分钟 60 次。", "The API allows each user 1 request per second.", "rate"),
    ("App 闲置 30 分钟后自动登出。", "App 空闲半小时会自动退出登录。", "duration"),
    ("Reminders go out fortnightly.", "Reminders are sent every 14 days.", "frequency"),
    ("团购每晚 10 点截止下单。", "社区团购订单每天 22:00 截单。", "clock"),
    ("夜里 2 点全量备份。", "Full backups run at 2am.", "clock"),
    ("周会每周一上午 10 点半开。", "Weekly sync: Mondays at 10:30.", "clock"),   # (10 点半 was 10:00)
    ("审计日志保留一百八十天。", "Audit logs are kept for 180 days.", "duration"),   # (一百八十 was 八十)
    ("生产环境跑 3 个副本。", "Production runs three pods.", "count:replica"),     # (个副本, 个 pod: none read)
    ("下单接口 QPS 上限配的是 200。", "下单接口每秒最多 200 次。", "rate"),   # (QPS before its number: none read)
    ("上传链接一千二百秒后失效。", "Upload links expire after 20 minutes.", "duration"),
    ("每晚 10 点 15 分对账。", "Reconciliation runs nightly at 22:15.", "clock"),
    ("冷库温度超过零下 15 摄氏度时告警。", "Alert when the cold store is above -15 °C.", "temperature"),
    ("Keep the vaccine fridge at 5 °C.", "The vaccine fridge is kept at 41°F.", "temperature"),
    ("Payslips are kept for 12 months.", "Payslips are kept for one year.", "duration"),
    ("sample_rate = 0.25", "A quarter of requests are sampled: 25%.", "percent"),
    ("Staging is at https://staging.cellarnote.shop/", "The staging site is staging.cellarnote.shop.", "address"),
    ("Build FROM eclipse-temurin:17-jre.", "The service needs Java 17.", "version:java"),
    ("The uplink is capped at 2 Mbps.", "Uplink limit: 2000 kbps.", "bitrate"),
])
def test_one_value_written_two_ways_is_one(first: str, second: str, kind: str):
    assert kind in shared_kinds(values_of(first), values_of(second))


@pytest.mark.parametrize("first, second, kind", [
    ("Backups are retained for 35 days.", "Backup retention period is 90 days.", "duration"),
    ("Modbus RTU link: 9600 baud.", "The controller talks Modbus RTU at 19200 baud.", "bitrate"),
    ("Thumbnails are generated at 320x180.", "Thumbnail size is 640x360.", "resolution"),
    ("Drone parcels may weigh up to 2.5 kg.", "Drone delivery accepts parcels up to 5 kg.", "mass"),
    ("We format Go code with gofumpt.", "Go code is formatted with goimports.", "tool:formatter"),
    ("Quillmark runs on a managed Kubernetes cluster (GKE).", "Quillmark runs on EKS.", "tool:orchestrator"),
    ("Chorus exports attendance as an XLSX spreadsheet.", "Chorus exports attendance as CSV.", "tool:file-format"),
    ("Backend services run on Python 3.12.", "Our backend runtime is CPython 3.11.", "version:python"),
    ("巡轨的预发数据库在 10.20.3.15 上。", "巡轨预发库的地址是 10.20.3.51。", "address"),
    ("Staff passwords must be at least 12 characters.", "Staff passwords need a minimum of 8 characters.",
     "count:character"),
    ("开放接口每个 key 每分钟 100 次。", "开放 API 的限流是每个 key 每秒 50 次。", "rate"),
    ("Production Postgres is version 15.", "Prod Postgres runs version 13.", "version:postgres"),
    ("冷库温度高于 -15℃ 持续 5 分钟就电话告警。", "冷库温度超过 -10℃ 持续 5 分钟才告警。", "temperature"),
    ("Errors go to Sentry.", "Errors are reported to Rollbar.", "tool:error-tracker"),
    ("Minimum iOS version is 16.", "The app supports iOS 15 and later.", "version:ios"),
    ("Logs are shipped at INFO level.", "Log level is WARN.", "log-level"),
    ("Train with bf16.", "Train with fp16.", "precision"),
    ("Inference runs on A100s.", "推理服务部署在 T4 上。", "gpu"),
    ("Rotate the key quarterly.", "Rotate the key every month.", "frequency"),
    ("推荐模型每周重训。", "推荐模型每个月重新训练一次。", "frequency"),
    ("The publish cron runs every minute.", "The publish cron runs every 15 minutes.", "frequency"),
    ("Max 6 tickets per order.", "Customers can buy up to 10 tickets in one order.", "count:ticket"),
    ("Sprint length is two weeks.", "We run one-week sprints.", "duration"),
    ("VOD is packaged into 6-second HLS segments.", "The packager cuts 4 s HLS segments.", "duration"),
    ("Go services are built with Go 1.22.", "Our Go toolchain is pinned at 1.21.", "version:go"),
    ("缓存集群用的是 Redis 6.2。", "线上 Redis 已经升级到 7.0。", "version:redis"),
    ("The compiler's MSRV 1.74 holds.", "Rust 1.79 is the minimum.", "version:rust"),
    ("Passwords are hashed with bcrypt, cost 12.", "Password hashing uses Argon2id.", "tool:password-hashing"),
    ("App crashes are reported to Sentry.", "用户 App 的崩溃日志接入的是 Bugly。", "tool:error-tracker"),
    ("Load tests use k6.", "Our load tests are Locust scripts.", "tool:load-testing"),
    ("CI runs on GitHub Actions.", "Builds run in GitLab CI.", "tool:ci"),
    ("Black runs with line length 88.", "Our Black config sets line-length = 120.", "line-length"),
    ("black 行宽 100。", "Python 行宽限制 120。", "line-length"),
    ("Staging is refreshed from prod every Sunday.", "Staging gets a fresh prod copy each month.", "frequency"),
    ("发布需要两名编辑审核。", "责任编辑一人审核通过即可发布。", "count:人"),
    ("RN 0.73 in the mobile repo.", "The mobile app is on React Native 0.74.", "version:react-native"),
    ("镜像仓库用阿里云 ACR。", "镜像统一推到自建 Harbor。", "tool:image-registry"),
    ("Hopride surge multiplier is capped at 3.0x.", "Hopride caps surge pricing at 2.5x.", "multiplier"),
    ("Monthly donations are charged on the 15th.", "Recurring donations are charged on the 1st of each month.",
     "day-of-month"),
    ("所有定时任务都按北京时间（Asia/Shanghai）配置。", "定时任务按 UTC 配置。", "time-zone"),
    ("周会每周一上午 10 点半开。", "周会每周一上午 10 点开。", "clock"),
    ("线上扩到了 12 个 pod。", "生产 4 个副本。", "count:replica"),
    ("云停网关心跳间隔:5 分钟。", "云停网关每 30 秒发送一次心跳。", "frequency"),   # (an interval: how often)
    ("The cluster autoscales to at most 40 nodes.", "processing cluster: max_nodes = 12", "count:node"),
    ("Dependabot opens our dependency update PRs.", "Renovate handles dependency updates.", "tool:dependency-updates"),
    ("The freeze runs from 16:00 on Friday to 09:00.", "The freeze runs from 12:00 to 09:00.", "clock"),   # one end
    ("The thumbnail worker's concurrency is capped at 4.", "Thumbnails render 16 in parallel.", "concurrency"),
    ("Database pool for billing is 10.", "billing opens up to 25 connections.", "count:connection"),
    ("The importer runs in the data namespace.", "The importer's namespace is ingest-prod.", "namespace"),
])
def test_two_values_of_one_kind_clash(first: str, second: str, kind: str):
    assert clashing_kind(values_of(first), values_of(second)) == kind


@pytest.mark.parametrize("text", [
    "Retry three times before giving up.",             # no value of a kind
    "Port 8080 is for the API.",                       # a port: no product "port"
    "Released on June 30, 2025.",                      # a date, no product "June"
    "Use vitest.",                                     # not vite inside vitest
    "The pg-staging host is up.",                      # not pg inside a name
    "Logs are kept in the logs/ folder.",              # "logs" is no log level
    "Passwords are hashed with bcrypt, cost 12.",      # a cost factor, no product "cost"
    "VOD is packaged into 6-second HLS segments.",     # a duration, no product "into"
    "The cluster was upgraded to 5 nodes.",            # a count, no version
])
def test_words_that_look_like_values_but_are_not(text: str):
    kinds = values_of(text).kinds
    assert not any(kind.startswith("version:") for kind in kinds)
    assert kinds.get("tool:bundler") is None and kinds.get("tool:sql-database") is None
    assert "log-level" not in kinds


def test_a_namespace_said_of_which_it_is_has_no_name():
    for text in ("Each team gets its own namespace.", "Both run in the same namespace.", "One namespace per team."):
        assert "namespace" not in values_of(text).kinds


def test_a_thing_done_beside_another_is_no_concurrency():
    assert "concurrency" not in values_of("An import runs in parallel with the backup.").kinds
    assert values_of("Run one job at a time.").kinds["concurrency"] == {"1"}


def test_a_second_factor_is_no_duration_and_doing_a_thing_once_no_count():
    assert "duration" not in values_of("Large transfers ask for a second factor.").kinds
    assert not any(kind.startswith("count:") for kind in values_of("每分钟发一次心跳。").kinds)


def test_what_is_left_of_a_note_is_its_text_without_its_values():
    found = values_of("Prometheus scrapes metrics every 30 seconds on eu-west-1.")
    assert "duration" not in found.kinds and found.kinds["frequency"] == {"30s"}   # (how often: no duration)
    assert found.kinds["region"] == {"eu-west-1"} and found.kinds["tool:monitoring"] == {"prometheus"}
    assert found.rest.split() == ["scrapes", "metrics", "on", "."]


def test_each_spelling_names_one_tool_for_one_job():
    spellings = [spelling for job in tools.JOBS.values() for tool in job.split() for spelling in tool.split("/")]
    assert len(spellings) == len(set(spellings))
    assert tools.named("PostgreSQL") == ("postgres", "sql-database")
    assert tools.named("Secrets Manager") == ("secretsmanager", "secrets")
    assert tools.named("unknown") is None


def test_a_weekday_written_whole_is_read_every_day_of_the_week():
    """"Wednesdays" and "Saturday" were not read (only the three-letter stem plus "day" was)."""
    for day, value in (("Wednesdays", "wed"), ("Saturday", "sat"), ("Thursdays", "thu"), ("Tuesday", "tue")):
        assert {claim.value for claim in claims_of(f"We deploy on {day}.")} == {value}


def test_a_value_is_shown_as_a_person_reads_it():
    assert [shown(kind, value) for kind, value in (("duration", "1800s"), ("duration", "35d"), ("size", "10485760b"),
                                                   ("frequency", "86400s"), ("tool:error-tracker", "sentry"))] == [
        "duration: 30 min", "duration: 35 days", "size: 10 MB", "frequency: every 1 day",
        "tool:error-tracker: sentry"]
    assert [shown("mass", "2500"), shown("length", "80"), shown("bitrate", "9600")] == [
        "mass: 2500 g", "length: 80 mm", "bitrate: 9600 bit/s"]
    assert shown("date", "12-22") == "date: 22 December"


def test_a_rate_is_no_count_nor_frequency_and_a_week_counted_is_no_weekday():
    assert values_of("The API allows 100 requests per minute.").kinds == {"rate": frozenset({"1.66667"})}
    assert "weekday" not in values_of("我们一周一个迭代。").kinds            # one week, one iteration
    assert values_of("每周一发版。").kinds["weekday"] == frozenset({"mon"})   # every Monday


def test_how_often_is_no_duration_and_an_interval_is_how_often():
    assert values_of("Main Postgres backups run every 6 hours.").kinds.get("duration") is None
    assert values_of("The metrics scrape interval is 15 seconds.").kinds["frequency"] == frozenset({"15s"})
    assert values_of("Prometheus scrapes metrics every 30s.").kinds["frequency"] == frozenset({"30s"})
    assert values_of("骑手定位 30 秒报一次。").kinds["frequency"] == frozenset({"30s"})
    assert "frequency" not in values_of("等待 30 秒后重试一次。").kinds   # a wait, then once
    assert values_of("值班两周轮换一次。").kinds == {"frequency": frozenset({"1.2096e+06s"})}   # not two weeks long
    assert values_of("密钥三个月换一次。").kinds["frequency"] == values_of("密钥每季度换一次。").kinds["frequency"]


def test_an_example_gives_no_value():
    assert values_of("Each depot has a time zone field (e.g. Europe/Rotterdam) the UI uses.").kinds == {}
    assert values_of("Timeouts, for example 30 s, are set per client.").kinds == {}
    assert values_of("All timestamps are stored in UTC.").kinds == {"time-zone": frozenset({"utc"})}


def test_a_size_written_width_by_height_is_no_multiplier_and_a_clock_keeps_its_minutes():
    assert "multiplier" not in values_of("Thumbnails are generated at 320x180.").kinds
    assert values_of("Standup at 10:30.").kinds == {"clock": frozenset({"10:30"})}


def test_an_images_tag_is_its_version_and_a_port_after_a_name_is_none():
    assert values_of("Services build FROM node:20-alpine.").kinds["version:node"] == {"20"}
    assert not any(kind.startswith("version:") for kind in values_of("The cache is at redis:6379.").kinds)


@pytest.mark.parametrize("text", ["The DB pool holds 50 connections.", "Boxes hold either 2 or 4 servings.",
                                  "99.9% over a rolling 30-day window.", "The .NET 8 runtime is used."])
def test_a_word_in_lower_case_before_a_number_is_no_products_version_nor_net_a_term_after_a_dot(text: str):
    kinds = values_of(text).kinds
    assert not any(kind.startswith("version:") for kind in kinds) and "8d" not in kinds.get("duration", ())


@pytest.mark.parametrize("text, kinds", [
    ("班级相册里的照片保留 12 个月后自动删除。", {"duration": {"365d"}}),   # (no word boundary between two Han)
    ("JS jobs run on Node 20 unless the pipeline pins another version.", {"version:node": {"20"}}),   # ("unless")
    ("The default Node.js image is node:22.", {"version:node": {"22"}, "base-image": {"node:22"}}),   # (a tag at a
    # sentence's end: the image, not "node:22.")
    ("每 2 周一次全量备份。", {"frequency": {"1.2096e+06s"}}),   # (every two weeks: no Monday)
    ("Service images use alpine:3.19 as the base.", {"version:alpine": {"3.19"}, "base-image": {"alpine:3.19"}}),
    # ("3.19 as": no rate a second)
    ("Services write plain-text logs to /var/log/app.log.", {"address": {"/var/log/app.log"}}),   # (not "log.")
    ("The replica is at 10.0.0.12:5432.", {"address": {"10.0.0.12"}, "port": {"5432"}}),   # (a host and its port)
    ("Redis lives at redis-1.acme.internal on the default port 6379.",
     {"tool:cache": {"redis"}, "address": {"redis-1.acme.internal"}, "port": {"6379"}}),
    ("网关的健康检查端口是 7444。", {"port": {"7444"}}),
    ("Updates go out in the Sunday 01:00-04:00 window.", {"clock": {"01:00", "04:00"}, "weekday": {"sun"}}),
    ("Each API pod opens at most 20 database connections.", {"count:connection": {"20"}}),
    ("Staff are logged out after a quarter of an hour without activity.", {"duration": {"900s"}}),
    ("The client gives up waiting after half a minute.", {"duration": {"30s"}}),
    ("tessera-api: db pool max_size 20 per pod", {}),   # (a setting's name is no product)
    ("The chess server allows up to 3 simultaneous games per account.", {"count:game": {"3"}}),
    ("Max upload size is 10 MB.", {"size": {"10485760b"}}),   # (no count: a bound on a size)
    ("The maximum number of seats is 8.", {"count:seat": {"8"}}),
    # a path from the project's root: a file, or a folder by two slashes; not a pair, a rule's folder nor an aside
    ("Config is read from config/app.yaml.", {"address": {"config/app.yaml"}}),
    ("Migrations live under src/db/migrations.", {"address": {"src/db/migrations"}}),
    ("CI lives in .github/workflows/ci.yml.", {"address": {".github/workflows/ci.yml"}}),
    ("Read/write timeouts differ for CI/CD jobs.", {}),
    ("Changes under `charts/` need review.", {}),
    ("A workflow (.github/workflows/site.yml) runs it.", {}),
    ("Use vite/webpack/rollup as you like.", {"tool:bundler": {"vite", "webpack", "rollup"}}),
    ("Images go to ghcr.io/acme/api.", {"tool:image-registry": {"ghcr"}, "address": {"ghcr.io"}}),
])
def test_what_was_misread(text: str, kinds: dict[str, set[str]]):
    assert values_of(text).kinds == kinds


def test_so_many_times_in_a_span_is_how_often_and_once_a_week_is_no_monday():
    assert values_of("The cache is warmed 3 times per hour.").kinds == {"frequency": frozenset({"1200s"})}
    assert values_of("每周一次全量备份。").kinds == {"frequency": frozenset({"604800s"})}
    assert values_of("接口限流是每个用户每分钟 60 次。").kinds == {"rate": frozenset({"1"})}   # (a rate limit)


@pytest.mark.parametrize("text, kinds", [
    ("The search service is owned by the Discovery team.", {"owner": {"discovery"}}),
    ("The Data Platform team owns the exports job.", {"owner": {"data-platform"}}),
    ("Owners for `infra/` are the SRE team.", {"owner": {"sre"}}),
    ("`infra/` is owned by @acme/sre in CODEOWNERS.", {"owner": {"acme/sre"}}),
    ("结算模块由支付组负责维护。", {"owner": {"支付"}}),
    ("Platform Engineering owns the instrument gateway.", {"owner": {"platform-engineering"}}),
    ("Joss Varley took over the ledger export last spring.", {"owner": {"joss-varley"}}),
    ("royalty-svc 的 owner 是财务数据组。", {"owner": {"财务数据"}}),
    ("booking-service 的负责团队是平台组。", {"owner": {"平台"}}),
    ("个税模块归薪酬核心组负责。", {"owner": {"薪酬核心"}}),
    ("灯塔组负责琥珀账单的夜间值班。", {"owner": {"灯塔"}}),   # (a team opening the clause)
    ("The Orrery scheduler is owned by Team Halyard.", {"owner": {"halyard"}}),
    ("Team Halyard owns the Orrery scheduler.", {"owner": {"halyard"}}),
    ("The Orrery scheduler is owned by the Driftwood squad.", {"owner": {"driftwood"}}),
    ("Orrery billing belongs to the Revenue Platform team.", {"owner": {"revenue-platform"}}),
    ("后端同学负责上线。", {}),
    ("Owner of the Orrery ledger API: billing team.", {"owner": {"billing"}}),
    ("Orrery scheduler owner: team North Star.", {"owner": {"north-star"}}),
    ("The Wharf Ops team is the owner of orrery-gw.", {"owner": {"wharf-ops"}}),
    ("Orrery's owning team is Core Ledger.", {"owner": {"core-ledger"}}),
    ("订单中心归 Fulfillment 团队负责。", {"owner": {"fulfillment"}}),   # (a name longer than eight letters)
    ("订单中心归交易平台组管。", {"owner": {"交易平台"}}),
    ("Orrery's owner is the same team as billing.", {}),
])
def test_the_team_a_thing_belongs_to_is_a_value(text: str, kinds: dict[str, set[str]]):
    assert values_of(text).kinds == kinds


@pytest.mark.parametrize("text, dates", [
    ("The holiday freeze runs from 18 December to 2 January.", {"12-18", "01-02"}),
    ("Freeze: Dec 18 - Jan 2.", {"12-18", "01-02"}),
    ("Registration opens on the 1st of March.", {"03-01"}),
    ("12 月 18 日起封版。", {"12-18"}),
])
def test_a_day_of_the_year_is_a_date(text: str, dates: set[str]):
    assert values_of(text).kinds["date"] == dates


def test_a_flag_turned_on_or_off_is_a_switch_and_on_elsewhere_is_none():
    assert values_of("The `dark_mode` flag is off in production.").kinds == {"switch": frozenset({"off"})}
    assert values_of("The beta toggle stays on until launch.").kinds == {"switch": frozenset({"on"})}
    assert "switch" not in values_of("Deploys are on Fridays; the on-call engineer is on call.").kinds
    assert "switch" not in values_of("The heater is on for the night.").kinds   # (no flag spoken of)


def test_a_chinese_cloud_region_named_by_its_city():
    assert values_of("测试环境部署在阿里云杭州地域。").kinds["region"] == {"cn-hangzhou"}


@pytest.mark.parametrize("text, channels", [
    ("Outage alerts go out by SMS and push notification.", {"sms", "push"}),
    ("Invoices are emailed to the billing contact.", {"email"}),
    ("预约结果用短信通知客户。", {"sms"}),
    ("镜像推送到 ECR。", None),   # (pushing an image sends no message)
])
def test_how_a_message_reaches_people_is_a_channel(text: str, channels: set[str] | None):
    assert values_of(text).kinds.get("channel") == channels


@pytest.mark.parametrize("text, retries", [
    ("Outbound webhooks are retried 8 times with exponential backoff.", "8"),
    ("Merchant webhooks get 3 retry attempts; then the event is parked.", "3"),
    ("Consumers retry a failed message 5 times, then dead-letter it.", "5"),
    ("Consumers get 3 retries per message.", "3"),
    ("The gateway retries idempotent upstream requests twice.", "2"),
    ("The sender retries failed deliveries up to five times.", "5"),
    ("Jobs retry 3.", "3"),
    ("Retry after 30 seconds.", None),            # how long before, not how often
    ("We retry 3 requests at a time.", None),     # requests counted
    ("Each call makes 3 attempts.", None),        # attempts count the first try too
])
def test_how_many_times_a_thing_is_tried_again_is_one_count_however_said(text: str, retries: str | None):
    assert values_of(text).kinds.get("count:retry") == (frozenset({retries}) if retries else None)


@pytest.mark.parametrize("text, bucket", [
    ("Terraform state is in the S3 bucket acme-tf-state.", "acme-tf-state"),
    ("Object photos are uploaded to the `lr-media-archive` GCS bucket.", "lr-media-archive"),
    ("Rendered invoices are written to s3://tidewater-invoices-prod.", "tidewater-invoices-prod"),
    ("商品主图都上传到 OSS 的 xd-static-prod 桶。", "xd-static-prod"),
    ("商品图片存放在 OSS bucket xianda-product-images。", "xianda-product-images"),
    ("Write the file to the bucket under invoices/2026/.", None),   # (no bucket named: a name holds - or .)
])
def test_a_bucket_is_read_by_its_name_however_written(text: str, bucket: str | None):
    assert values_of(text).kinds.get("bucket") == (frozenset({bucket}) if bucket else None)


@pytest.mark.parametrize("text, versions", [
    ("Thistledown's Airflow is on 2.8.1.", {"version:airflow": {"2.8"}}),
    ("我们的 Airflow 目前跑的是 2.7.3 版本。", {"version:airflow": {"2.7"}}),
    ("The cluster is on 3 nodes.", {}),        # (a version said to be on holds a dot)
])
def test_a_product_said_to_be_on_a_version_gives_it(text: str, versions: dict[str, set[str]]):
    assert {kind: set(found) for kind, found in values_of(text).kinds.items() if kind.startswith("version:")} \
        == versions


@pytest.mark.parametrize("text, approver", [
    ("Production access requests are approved by the security team.", "security-team"),
    ("Schema migrations must be approved by a DBA from the Heron team.", "dba"),
    ("云杉订单库的表结构变更由磐石组组长审批即可。", "磐石"),
    ("云杉订单库的表结构变更需要 DBA 组审批。", "dba"),
    ("工资计算完成后，需要财务主管手动审批才能发放。", "财务"),
    ("PRs are approved by two reviewers.", None),     # how many, not who
    ("发布需要两名编辑审核。", None),
    ("提现超过 5 万元需要人工审核。", None),           # by a person, no one named
    ("Schema migrations need approval from the DBA on call.", "dba"),
    ("Refunds over 500 EUR need sign-off from a finance lead.", "finance-lead"),
    ("Large refunds are signed off by hand by the Risk team.", "risk-team"),   # (by hand: no one)
])
def test_who_approves_a_thing_is_a_value(text: str, approver: str | None):
    assert values_of(text).kinds.get("approver") == (frozenset({approver}) if approver else None)


def test_one_approver_named_more_closely_is_no_second_value_and_two_are():
    dba, heron_dba = values_of("Approved by a DBA."), values_of("Needs sign-off from a Heron-team DBA.")
    assert clashing_kind(dba, heron_dba) is None
    assert clashing_kind(heron_dba, values_of("Needs sign-off from the security team.")) == "approver"


def test_two_approvers_are_no_repeat_of_each_other():
    from context_center.engine.text.similarity import judge
    assert judge("云杉订单库的表结构变更由磐石组组长审批即可。",
                 "云杉订单库的表结构变更需要 DBA 组审批。") != "duplicate"


def test_every_two_weeks_one_rotation_is_how_often_and_every_monday_stays_a_monday():
    assert values_of("后端值班每两周一轮换。").kinds["frequency"] == values_of("Every 2 weeks.").kinds["frequency"]
    assert values_of("后端值班每周一轮换。").kinds["frequency"] == values_of("Every week.").kinds["frequency"]
    assert values_of("每周一发版。").kinds["weekday"] == {"mon"}


@pytest.mark.parametrize("text, variable", [
    ("The API reads its database URL from the DATABASE_URL environment variable.", {"DATABASE_URL"}),
    ("The DB connection string comes from env var ORBISK_DB_DSN.", {"ORBISK_DB_DSN"}),
    ("数据库地址从环境变量 DB_URL 读取。", {"DB_URL"}),
    ("Set `LOG_LEVEL` in the env file.", None),   # (a file, no variable said to be read)
])
def test_the_environment_variable_a_setting_is_read_from_is_a_value(text: str, variable: set[str] | None):
    assert values_of(text).kinds.get("env-var") == variable


def test_a_tool_whose_name_is_an_ordinary_word_is_read_only_by_its_full_name():
    """"at the moment" names no date library, "a superset of" no dashboard; "Moment.js" does."""
    assert "tool:date-library" not in values_of("At the moment we keep dates as ISO strings.").kinds
    assert "tool:dashboards" not in values_of("The v2 API is a superset of v1.").kinds
    assert values_of("Moment.js is used for date handling.").kinds["tool:date-library"] == {"moment.js"}


@pytest.mark.parametrize("text, expected", [
    ("The backup cron is 30 4 * * * (UTC).", {"clock": {"04:30"}, "frequency": {"86400s"}, "time-zone": {"utc"}}),
    ("Cleanup: `*/15 * * * *`", {"frequency": {"900s"}}),
    ("Reindex cron 0 */6 * * *", {"frequency": {"21600s"}}),
    ("Rollups run at 0 * * * *.", {"frequency": {"3600s"}}),
    ("Reports: 0 9 * * 1-5", {"clock": {"09:00"}, "weekday": {"mon", "tue", "wed", "thu", "fri"}}),
    ("Certificates renew at 0 4 * * MON.", {"clock": {"04:00"}, "weekday": {"mon"}, "frequency": {"604800s"}}),
    ("月结任务 cron：0 4 1 * *", {"clock": {"04:00"}, "day-of-month": {"1"}, "frequency": {"2.592e+06s"}}),
    ("Scores go from 1 2 3 4 5 up.", {}),           # (five numbers, no star: no schedule)
    ("The Quartz trigger is 0 0 3 * * ?", {}),      # (six fields: the first five are no crontab)
    ("A bad cron 75 4 * * * never runs.", {}),      # (no minute 75)
])
def test_a_crontab_schedule_gives_when_and_how_often_as_words_do(text: str, expected: dict[str, set[str]]):
    assert {kind: set(found) for kind, found in values_of(text).kinds.items()} == expected


def test_a_crontab_and_the_same_schedule_in_words_give_the_same_values():
    for cron, words in (("cron 0 2 * * *", "every day at 2am"), ("cron 0 4 * * 1", "every Monday at 04:00"),
                        ("cron 0 0 1 * *", "at midnight on the 1st of every month"),
                        ("cron */10 * * * *", "每十分钟执行一次")):
        assert values_of(cron).kinds == values_of(words).kinds, (cron, words)


@pytest.mark.parametrize("text, language", [
    ("Go is the language of Quenby's ingestion service.", {"go"}),
    ("Kotlin is its main language for the Android app.", {"kotlin"}),
    ("English is the language of the Quenby docs.", None),   # (no programming language)
    ("Brackwell services, language: Rust", {"rust"}),   # (a title's key and its value)
    ("Brackwell 服务端语言：Elixir", {"elixir"}),
    ("Brackwell UI language: English", None),
])
def test_the_language_of_a_part_said_first(text: str, language: set[str] | None):
    assert values_of(text).kinds.get("programming-language") == language


@pytest.mark.parametrize("text, replicas", [
    ("Quillmoor web replicas: 4", {"4"}),                 # (a setting's key and its value)
    ("The Quillmoor worker replica count is 6.", {"6"}),
    ("Quillmoor 网关副本数：4", {"4"}),
    ("Quillmoor 预发跑 2 个 web 副本。", {"2"}),           # (what is replicated between the number and 副本)
    ("Quillmoor runs 4 web replicas.", {"4"}),            # (as it was read before)
    ("Quillmoor replicas sync every 5 minutes.", None),   # (no count of them)
])
def test_how_many_replicas_however_said(text: str, replicas: set[str] | None):
    assert values_of(text).kinds.get("count:replica") == replicas


@pytest.mark.parametrize("text, job, tools", [
    ("We moved the billing-worker queue from RabbitMQ to NATS.", "queue", {"nats"}),   # (a hyphened name between)
    ("账单队列从 RabbitMQ 迁移到了 Kafka。", "queue", {"kafka"}),
    ("CI runs on Buildkite since the move away from Jenkins.", "ci", {"buildkite"}),
    ("Billing events go through RabbitMQ and Kafka.", "queue", {"rabbitmq", "kafka"}),   # (nothing left behind)
    ("We moved away from Jenkins.", "ci", {"jenkins"}),   # (no other tool given: what it speaks of stays)
])
def test_a_tool_left_behind_is_no_value_given(text: str, job: str, tools: set[str]):
    assert values_of(text).kinds.get(f"tool:{job}") == tools


@pytest.mark.parametrize("text, share", [
    ("Haverly's fast_pay flag is enabled for all merchants.", {"100%"}),
    ("Haverly 的 fast_pay 开关已经全量打开。", {"100%"}),
    ("Haverly fast_pay 开关对所有商户开启。", {"100%"}),
    ("The fast_pay rollout covers half of production traffic.", {"50%"}),
    ("Haverly canary: a quarter of all traffic.", {"25%"}),
    ("Haverly 每周日做一次全量备份。", None),                     # (a full backup, no rollout)
    ("Invoices for all customers are emailed nightly.", None),   # (no flag, no rollout)
])
def test_a_rollouts_share_said_in_words(text: str, share: set[str] | None):
    assert values_of(text).kinds.get("percent") == share


@pytest.mark.parametrize("text, backend", [
    ("Tollmere's Terraform state is kept in Terraform Cloud, workspace tm-prod.", {"terraform-cloud"}),
    ("Tollmere Terraform state: s3://tollmere-tf.", {"s3"}),
    ("Tollmere 的 Terraform 状态放在 tm-tfstate 桶里。", {"s3"}),
    ("Tollmere's Terraform backend is a GCS bucket, tm-tf-state.", {"gcs"}),
    ("Tollmere's infrastructure is managed with Terraform.", None),   # (nothing said of its state)
])
def test_where_terraform_keeps_its_state(text: str, backend: set[str] | None):
    assert values_of(text).kinds.get("terraform-state") == backend
