"""The tools teams write down, each by what it is for: two tools for one job are two values of one
thing ("Errors go to Sentry." / "Errors are reported to Rollbar."), one tool named two ways is one.

Each job lists the tools a note may name for it, in lower case, one name a tool (the first
spelling stands for the others: ``"postgres postgresql pg"``). A tool doing two jobs (Redis as a
cache and as a queue) is listed under the job it is mostly named for; names that are ordinary words
too ("flux", "segment", "heap", "atlas", "split", "phrase", "less", "moment", "superset",
"honeycomb") are left out, so a note is read as naming a tool only where it could mean nothing
else; so are Docker and Celery, named mostly for where a thing runs ("a real Postgres in Docker",
"the Celery workers are pinned to Python 3.11"), not as a choice for a job: measured with them,
two repeats and a planted contradiction were lost.
"""
from __future__ import annotations

import re
from functools import lru_cache

# a job → its tools; within one tool, its spellings separated by "/"
JOBS: dict[str, str] = {
    "bundler": "webpack vite rollup esbuild parcel turbopack rspack",
    "error-tracker": "sentry rollbar bugsnag honeybadger raygun airbrake crashlytics bugly",
    "monitoring": "datadog prometheus newrelic/new-relic dynatrace appdynamics",
    "gitops": "argocd/argo-cd fluxcd spinnaker",
    "infrastructure-as-code": "terraform pulumi cloudformation opentofu",
    "workflow": "airflow dagster prefect luigi kubeflow",
    "monorepo": "nx turborepo/turbo lerna rush",
    "migrations": "alembic flyway liquibase",
    "secrets": "vault secretsmanager/secrets-manager doppler sops keyvault",
    "feature-flags": "launchdarkly unleash flagsmith growthbook configcat",
    "translations": "crowdin lokalise transifex weblate",
    "ui-framework": "react vue angular svelte solidjs preact ember",
    "web-framework": "nextjs/next.js sveltekit nuxt/nuxtjs/nuxt.js gatsby astro",
    "python-web": "django flask fastapi",
    "k8s-packaging": "helm/helm-chart/helm-charts kustomize",
    "sql-database": "postgres/postgresql/pg mysql mariadb sqlite oracle cockroachdb tidb mssql/sqlserver",
    "queue": "kafka rabbitmq sqs nats pulsar rocketmq kinesis",
    "search": "elasticsearch opensearch meilisearch algolia solr typesense lunr",
    "issue-tracker": "jira linear youtrack 禅道 asana trello",
    "chat": "slack discord 飞书/feishu/lark 钉钉/dingtalk 企业微信 mattermost",
    "config-center": "apollo nacos consul etcd",
    "payments": "stripe adyen paypal braintree 微信支付/wechat-pay/wechatpay 支付宝/alipay 银联/unionpay",
    "email": "sendgrid mailgun postmark mailchimp ses",
    "analytics": "mixpanel amplitude posthog",
    "cdn": "cloudflare fastly akamai cloudfront",
    "release": "semantic-release changesets release-please",
    "type-checker": "mypy pyright pyre",
    "game-engine": "unity unreal godot",
    "jvm-build": "gradle maven sbt",
    "python-server": "gunicorn uvicorn uwsgi hypercorn",
    "proxy": "nginx caddy traefik envoy haproxy ingress-nginx/nginx-ingress",
    "paging": "pagerduty opsgenie victorops",
    "git-host": "github gitlab bitbucket gitea",
    "ci": "github-actions gitlab-ci circleci/circle-ci jenkins travis/travis-ci buildkite azure-pipelines bitrise "
          "teamcity codemagic 云效/yunxiao drone-ci",
    "python-packages": "pip poetry uv pipenv conda pdm pip-tools",
    "test-runner": "jest vitest mocha jasmine ava pytest unittest karma junit testng",
    "browser-tests": "cypress playwright selenium puppeteer",
    "linter": "eslint biome oxlint tslint ruff flake8 pylint",
    "go-linter": "golangci-lint staticcheck",
    "ruby-linter": "rubocop standardrb",
    "kotlin-linter": "ktlint detekt",
    "lua-linter": "luacheck selene",
    "shell-linter": "shellcheck",
    "dockerfile-linter": "hadolint",
    "css-linter": "stylelint",
    "swift-linter": "swiftlint",
    "formatter": "prettier black yapf autopep8 ruff-format gofmt gofumpt goimports rustfmt clang-format",
    "css": "tailwind bootstrap sass",
    "state": "redux mobx zustand pinia vuex recoil jotai",
    "warehouse": "snowflake bigquery redshift clickhouse databricks",
    "experiments": "mlflow wandb/weights-&-biases/w&b comet neptune",
    "orm": "sqlalchemy prisma typeorm sequelize hibernate gorm drizzle mybatis",
    "cache": "redis memcached valkey",
    "image-registry": "ecr gcr ghcr/github-container-registry harbor artifactory quay dockerhub acr",
    "orchestrator": "kubernetes/k8s nomad ecs gke eks aks",
    "cloud": "aws gcp azure aliyun/阿里云 腾讯云/tencentcloud digitalocean heroku vercel netlify",
    "object-storage": "s3 gs/gcs oss r2 minio",
    "log-store": "loki splunk papertrail elk cloudwatch",
    "identity": "auth0 okta keycloak cognito entra-id/azure-ad/azure-active-directory google-workspace/g-suite "
                "onelogin",
    "password-hashing": "bcrypt argon2/argon2id scrypt pbkdf2/pbkdf2-sha256/pbkdf2-sha512",
    "token-signing": "hs256 hs384 hs512 rs256 rs384 rs512 es256 es384 es512 ps256 eddsa",
    "load-testing": "k6 locust jmeter gatling artillery",
    "dependency-updates": "dependabot renovate",
    "embedded-os": "yocto buildroot openwrt",
    "snapshot-testing": "insta expect-test syrupy",
    "file-format": "parquet hdf5 avro csv xlsx tsv",
    "maps": "mapbox google-maps 高德/amap 百度地图",
    "browser": "chrome firefox safari",
    "os": "linux macos/mac-os/osx windows",
    "protocol": "mqtt http/https grpc amqp coap websocket/websockets sftp modbus",
    "push-notifications": "fcm/firebase-cloud-messaging onesignal jpush/极光推送 airship getui/个推",
    "sms": "twilio messagebird vonage/nexmo sinch plivo",
    "audio-codec": "aac opus mp3 flac vorbis",
    "video-codec": "h264/h.264/avc h265/h.265/hevc av1 vp9",
    "logging": "zap zerolog logrus slog log4j/log4j2 logback winston pino bunyan serilog nlog structlog loguru",
    "docs-site": "sphinx mkdocs docusaurus vitepress jekyll docsify gitbook",
    "certificates": "letsencrypt/let's-encrypt/lets-encrypt digicert sectigo zerossl globalsign",
    "background-jobs": "sidekiq goodjob/good_job resque dramatiq bullmq hangfire delayed_job",
    "node-versions": "nvm volta fnm asdf mise",
    "service-mesh": "istio linkerd",
    "tracing": "jaeger zipkin",
    "mobile-framework": "flutter react-native/reactnative xamarin",
    "date-library": "moment.js/momentjs dayjs/day.js date-fns luxon",
    "dashboards": "grafana kibana metabase tableau redash",
    "cms": "contentful strapi wordpress",
    "api-gateway": "kong apigee tyk",
    "vpn": "tailscale wireguard openvpn zerotier",
    "config-management": "ansible saltstack",
    "nosql-database": "mongodb/mongo dynamodb couchdb firestore cassandra scylladb/scylla hbase",
    "time-series": "influxdb timescaledb/timescale victoriametrics",
    "vector-database": "pinecone weaviate qdrant milvus pgvector",
    "wiki": "confluence 语雀/yuque",
    "db-pooler": "pgbouncer pgpool",
    "uptime": "pingdom uptimerobot betterstack",
    "password-manager": "1password bitwarden lastpass",
    "image-processing": "imagemagick libvips graphicsmagick",
}


# a tool listed for one job that does a second, where a note speaks of that one ("formats JS with Biome", Biome
# 格式化): (that job, the words saying it)
SECOND_JOBS: dict[str, tuple[str, re.Pattern[str]]] = {
    "biome": ("formatter", re.compile(r"\bformat|格式化", re.IGNORECASE)),
}


@lru_cache(maxsize=None)
def _table() -> dict[str, tuple[str, str]]:
    """Each spelling → (its tool, as first spelled; its job)."""
    table: dict[str, tuple[str, str]] = {}
    for job, tools in JOBS.items():
        for tool in tools.split():
            spellings = tool.split("/")
            for spelling in spellings:
                table[spelling] = (spellings[0], job)
    return table


def tools_of(job: str) -> tuple[str, ...]:
    """The tools listed for ``job``, each as first spelled."""
    return tuple(tool.split("/")[0] for tool in JOBS[job].split())


@lru_cache(maxsize=None)
def pattern() -> re.Pattern[str]:
    """Any tool's spelling as a word of its own (a Latin one not inside a longer name: "vite" is
    not in "vitest", "pg" not in "pg-staging"); a Chinese one anywhere."""
    names = sorted(_table(), key=len, reverse=True)
    return re.compile("|".join(re.escape(name) if not name.isascii() else
                               r"(?<![\w.-])" + r"[-\s]?".join(map(re.escape, name.split("-"))) + r"(?![\w-])"
                               for name in names), re.IGNORECASE)


def named(written: str) -> tuple[str, str] | None:
    """(tool, job) for a spelling as written ("PostgreSQL" → ("postgres", "sql-database"))."""
    return _table().get(re.sub(r"\s+", "-", written.lower()))


def named_in(written: str, text: str) -> tuple[str, str] | None:
    """(tool, job) for a spelling as ``text`` writes it: a tool of two jobs is of the one ``text``
    speaks of (:data:`SECOND_JOBS`)."""
    found = named(written)
    if found is None:
        return None
    second = SECOND_JOBS.get(found[0])
    return (found[0], second[0]) if second and second[1].search(text) else found
