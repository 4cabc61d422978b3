#!/usr/bin/env bash
# Builds target/deb/streamscope_<version>-1_amd64.deb from the app image (made first by app-image.sh): installs to
# /opt/streamscope, bin/streamscope as in the image; on installing it makes the class-data archives for that folder
# (packaging/deb/postinst). Needs jpackage, dpkg-deb and fakeroot.
#   packaging/deb.sh [TARGET_DIR] [VERSION]      (run by `mvn -B -Pdeb package`)
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:-target}
version=${2:-0.1.0}
version=${version%-SNAPSHOT}
for tool in dpkg-deb fakeroot; do
  command -v "$tool" >/dev/null || { echo "deb: $tool is not on the PATH; no .deb made" >&2; exit 1; }
done
bash packaging/app-image.sh "$target"
# the jpackage that made the image: a later one refuses an image an earlier one made, and the other way round
. packaging/runtime-jdk.sh
jdk=$(runtime_jdk)
PATH="$jdk/bin:$PATH"
rm -rf "$target/deb"
mkdir -p "$target/deb"
jpackage --type deb --app-image "$target/dist/streamscope" --name streamscope --app-version "$version" \
  --dest "$target/deb" --vendor Streamscope --linux-package-name streamscope --linux-app-release 1 \
  --resource-dir packaging/deb \
  --description "Visual debugger for Spark Structured Streaming checkpoints and Kafka topics"
echo "deb: $(ls "$target"/deb/*.deb) (installs /opt/streamscope/bin/streamscope)"
