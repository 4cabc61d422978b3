#!/usr/bin/env bash
# Regenerates every sample checkpoint in this folder with real Spark 4.0.1 and a real KRaft Kafka broker
# (both in one JVM, bound to 127.0.0.1). Needs Java 17 and Maven; the first run downloads Spark (~280 MB).
# The generator is its own Maven project (generator/), so Spark never enters the app's build.
set -euo pipefail
cd "$(dirname "$0")/generator"
exec mvn -q -B compile exec:exec "$@"
