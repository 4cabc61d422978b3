#!/usr/bin/env bash
# Regenerates the sample checkpoints in this folder with real Spark 4.0.1 and a real KRaft Kafka broker
# (both in one JVM, bound to 127.0.0.1). Needs Java 17 and Maven; the first run downloads Spark (~280 MB).
# The generator is its own Maven project (generator/), so Spark never enters the app's build.
#
#   generate.sh                                  every sample (and topics/orders.jsonl)
#   generate.sh state-codec-zstd shop-tws        only the named samples (plus a crash sample's restarted partner);
#                                                every other folder, and the topic snapshot, stay as they are
#
# Arguments starting with '-' go to Maven (e.g. -o).
set -euo pipefail
cd "$(dirname "$0")/generator"
names=()
maven=()
for arg in "$@"; do
  case "$arg" in
    -*) maven+=("$arg") ;;
    *) names+=("$arg") ;;
  esac
done
only=$(IFS=,; echo "${names[*]-}")
exec mvn -q -B compile exec:exec "-Dsamples.only=$only" ${maven[@]+"${maven[@]}"}
