#!/bin/sh
# bin/streamscope: Streamscope on the image's own runtime; no arguments open the window, a command runs it.
# It stands in for jpackage's Linux launcher, which asks rpm and dpkg which package owns it at every start (100-300 ms
# here, more where many packages are installed) before the JVM even loads.
# The class-data-sharing archive (lib/app/streamscope.jsa) holds for the folder it was made in only: Java 17 compares
# the class path it was made with literally and, on a mismatch, shares no class at all. Where the image was moved, the
# archive is made again for the new folder, once, when the folder is writable (the .deb makes it on installing).
set -e
root=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd -P)
app="$root/lib/app"
java="$root/lib/runtime/bin/java"
jar="$app/streamscope.jar"

if [ "$(cat "$app/streamscope.jsa.path" 2>/dev/null)" != "$jar" ] && [ -w "$app" ]; then
  echo "streamscope: making the class-data archive for $root (once, a few seconds)" >&2
  "$root/lib/app/make-cds-archive.sh" || echo "streamscope: no class-data archive (see above); starting without" >&2
fi
# The JIT: commands that read a checkpoint's logs and metadata are done before most of what C2 compiles is ready, and
# the compiling takes up to half their CPU; C1 alone halves inspect's (README, "The targets of issue 16"). Reads of
# data (state rows, a replay, a topic), the doctor's state checks and the window run long enough for C2 to pay.
case "${1:-}" in
  inspect | handover | watch | help | --help | -h) jit=-XX:TieredStopAtLevel=1 ;;
  *) jit=-XX:+TieredCompilation ;;
esac
if [ "$(cat "$app/streamscope.jsa.path" 2>/dev/null)" = "$jar" ]; then
  exec "$java" -XX:+UseSerialGC -Xms64m "$jit" "-XX:SharedArchiveFile=$app/streamscope.jsa" -cp "$jar" io.streamscope.Launcher "$@"
fi
exec "$java" -XX:+UseSerialGC -Xms64m "$jit" -cp "$jar" io.streamscope.Launcher "$@"
