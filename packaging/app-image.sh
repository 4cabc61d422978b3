#!/usr/bin/env bash
# Builds target/dist/streamscope/: a jpackage app image of target/streamscope.jar with its own runtime (jlink, the
# modules the jar uses) and a class-data-sharing archive made here, so that a command starts faster than `java -jar`.
#   packaging/app-image.sh [TARGET_DIR]      (run by `mvn -B -Pdist package`)
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:-target}
jar="$target/streamscope.jar"
dist="$target/dist"
input="$target/dist-input"
image="$dist/streamscope"
for tool in jpackage jdeps; do
  command -v "$tool" >/dev/null || { echo "app-image: $tool is not on the PATH (it comes with a full JDK 17+)" >&2; exit 1; }
done
[ -f "$jar" ] || { echo "app-image: no $jar; run mvn package first" >&2; exit 1; }
rm -rf "$dist" "$input"
mkdir -p "$input"
cp "$jar" "$input/"

# The modules the jar uses, as jdeps sees them, plus what is reached by reflection or service lookup only:
# JavaFX's use of java.logging and jdk.xml.dom, TLS and SASL for Kafka (jdk.crypto.ec, java.naming), zip file systems.
modules=$(jdeps --ignore-missing-deps --multi-release 17 --print-module-deps "$jar")
modules="$modules,java.logging,java.naming,java.net.http,jdk.crypto.ec,jdk.security.auth,jdk.zipfs,jdk.xml.dom,jdk.jsobject"

jpackage --type app-image --name streamscope --dest "$dist" \
  --input "$input" --main-jar streamscope.jar --main-class io.streamscope.Launcher \
  --add-modules "$modules" \
  --jlink-options "--strip-debug --no-header-files --no-man-pages --compress=2"
# bin/streamscope is our script (packaging/launcher.sh), not jpackage's launcher: see the script for why. It picks the
# JIT and the collector per command: mostly Serial GC, the quickest start, with -Xms64m (Serial's default first heap,
# 1/64 of the memory, has a young generation of about 130 MB that a million-row read fills before its first
# collection: 160 MB of RSS instead of 105); Parallel GC for the commands that keep much alive.
cp packaging/launcher.sh "$image/bin/streamscope"
cp packaging/make-cds-archive.sh "$image/lib/app/make-cds-archive.sh"
chmod 755 "$image/bin/streamscope" "$image/lib/app/make-cds-archive.sh"
# JavaFX's native libraries beside the jar, where JavaFX looks first: from inside the jar they are copied to
# ~/.openjfx/cache and hashed against the copy there at every start.
javafx_libs=$(jar tf "$image/lib/app/streamscope.jar" | grep -E '^lib[^/]*\.so$' || true)
# shellcheck disable=SC2086 # one name per word
[ -z "$javafx_libs" ] || (cd "$image/lib/app" && jar xf streamscope.jar $javafx_libs)

# AppCDS: the classes the commands load (checkpoint, state, topic, replay, doctor, Jackson, JSON output), listed in the
# image (lib/app/streamscope.classlist) and archived with its own runtime and exactly the class path bin/streamscope
# gives, so the JVM maps them instead of loading them.
java="$image/lib/runtime/bin/java"
app_jar="$(cd "$image/lib/app" && pwd)/streamscope.jar"
classes="$dist/classes.lst"
sample=sample-checkpoints/shop-totals-update
: > "$classes"
for command in "inspect $sample" "state $sample" "replay $sample" "doctor $sample" "handover $sample" "--help"; do
  # shellcheck disable=SC2086 # the command's words are meant to split
  "$java" -XX:DumpLoadedClassList="$classes.part" -XX:+UseSerialGC -cp "$app_jar" io.streamscope.Launcher \
    $command > /dev/null
  cat "$classes.part" >> "$classes"
done
# The window's classes too (JavaFX, the views, the theme), where a display can be had: the window opened on the
# default sample under Xvfb until its first frame with the timeline (ui.FirstFrameProbe), then closed.
if command -v xvfb-run >/dev/null; then
  xvfb-run -a "$java" -XX:DumpLoadedClassList="$classes.part" -XX:+UseSerialGC -Dstreamscope.firstFrame=exit \
    -Dstreamscope.settings=memory -cp "$app_jar" io.streamscope.Launcher > /dev/null 2>&1 \
    && cat "$classes.part" >> "$classes" || echo "app-image: the window's classes are not archived (it did not open under Xvfb)" >&2
else
  echo "app-image: xvfb-run is not on the PATH; the window's classes are not archived (commands' only)" >&2
fi
sort -u "$classes" -o "$image/lib/app/streamscope.classlist"
rm -f "$classes" "$classes.part"
CDS_DUMP_LOG="$dist/cds-dump.log" "$image/lib/app/make-cds-archive.sh"
rm -rf "$input"
echo "app-image: $image (bin/streamscope), $(du -sh "$image" | cut -f1)"
