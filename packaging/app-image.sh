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

# The image's runtime (packaging/runtime-jdk.sh): a JDK 25 where the machine has one, else the one on the PATH.
. packaging/runtime-jdk.sh
jdk=$(runtime_jdk)
major=$(java_major "$jdk")
for tool in jpackage jdeps jar; do
  [ -x "$jdk/bin/$tool" ] || { echo "app-image: $jdk has no bin/$tool (a full JDK 17+ is needed)" >&2; exit 1; }
done
[ "${major:-0}" -ge 17 ] || { echo "app-image: $jdk is not a JDK 17 or later" >&2; exit 1; }
echo "app-image: the runtime from $jdk (Java $major)"
PATH="$jdk/bin:$PATH"
[ -f "$jar" ] || { echo "app-image: no $jar; run mvn package first" >&2; exit 1; }
rm -rf "$dist" "$input"
mkdir -p "$input/javafx"

# JavaFX goes on the window's module path, as the named modules it is made as: from the class path, JavaFX warns at
# every start that it runs in an unsupported configuration. Its jars with a module-info are the platform's (such as
# javafx-graphics-21-linux.jar); the plain ones Maven also resolves are empty. The app's jar is streamscope.jar without
# JavaFX's files, so that its classes are not there twice.
fx_modules="$target/javafx-modules"
for module in "$fx_modules"/*.jar; do
  if jar tf "$module" | grep -qx module-info.class; then cp "$module" "$input/javafx/"; fi
done
[ -n "$(ls "$input/javafx")" ] || { echo "app-image: no JavaFX modules in $fx_modules (mvn -B -Pdist package copies them)" >&2; exit 1; }
unpacked="$target/dist-unpacked"
rm -rf "$unpacked" && mkdir -p "$unpacked/files"
fat_jar="$(cd "$(dirname "$jar")" && pwd)/$(basename "$jar")"
(cd "$unpacked/files" && jar xf "$fat_jar")
for module in "$input"/javafx/*.jar; do
  jar tf "$module" | grep -v -e '/$' -e '^META-INF/' -e '^module-info.class$'
done > "$unpacked/javafx-files"
(cd "$unpacked/files" && tr '\n' '\0' < ../javafx-files | xargs -0 rm -f && find . -type d -empty -delete)
mv "$unpacked/files/META-INF/MANIFEST.MF" "$unpacked/MANIFEST.MF"
jar --create --file "$input/streamscope.jar" --manifest "$unpacked/MANIFEST.MF" -C "$unpacked/files" .
# The compression libraries' native code for this machine (LZ4, Snappy, zstd: the codecs of state files) in
# lib/app/native, where bin/streamscope points each library. From inside the jar each copies its own into a temporary
# file and loads it from there at every start: lz4-java's lookup opened the jar, some 36,000 entries, which took 50-80
# ms of a state read before its first block (a tenth of a 1M-key read); where /tmp may not hold code, they would not
# load. The jar keeps its copies, for a JVM started without the launcher.
mkdir -p "$input/native"
if [ "$(uname -s)" = Linux ]; then
  case "$(uname -m)" in
    x86_64) java_arch=amd64 snappy_arch=x86_64 ;;
    aarch64) java_arch=aarch64 snappy_arch=aarch64 ;;
    *) java_arch= snappy_arch= ;;
  esac
  if [ -n "$java_arch" ]; then
    files="$unpacked/files"
    for library in "$files/net/jpountz/util/linux/$java_arch/liblz4-java.so" \
        "$files/org/xerial/snappy/native/Linux/$snappy_arch/libsnappyjava.so" \
        "$files/linux/$java_arch"/libzstd-jni-*.so; do
      name=${library##*/}
      case "$name" in libzstd-jni-*) name=libzstd-jni.so ;; esac # its version is the jar's business
      if [ -f "$library" ]; then cp "$library" "$input/native/$name"; fi
    done
  fi
fi
rm -rf "$unpacked"
# JavaFX's native libraries beside its jars, where JavaFX looks first: from inside a jar they are copied to
# ~/.openjfx/cache and hashed against the copy there at every start.
for module in "$input"/javafx/*.jar; do
  libraries=$(jar tf "$module" | grep -E '^lib[^/]*\.so$' || true)
  # shellcheck disable=SC2086 # one name per word
  [ -z "$libraries" ] || (cd "$input/javafx" && jar xf "$(basename "$module")" $libraries)
done
# The options the window's JVM starts with besides the module path (bin/streamscope, and the class lists and
# archives made below): ControlsFX, on the class path, reaches into JavaFX's internals (as with mvn javafx:run).
cp packaging/javafx.args "$input/javafx.args"
# lib/app/runtime.args: what the runtime itself needs on every start. Java 24 and later warn, on stderr at the first
# use, of native libraries loaded without leave (JavaFX's, RocksDB's, LZ4's) and of sun.misc.Unsafe's memory methods
# (LZ4, Hadoop); the libraries are ours to vouch for, the warnings would be noise on every command.
{
  echo "# lib/app/runtime.args: the options this image's runtime (Java $major) starts with (bin/streamscope)."
  if [ "$major" -ge 24 ]; then
    echo "--enable-native-access=ALL-UNNAMED"
    echo "--sun-misc-unsafe-memory-access=allow"
  fi
} > "$input/runtime.args"
if [ "$major" -ge 24 ]; then
  echo "--enable-native-access=javafx.graphics" >> "$input/javafx.args"
fi

# The modules the jar uses, as jdeps sees them, and those JavaFX's modules need, plus what is reached by reflection or
# service lookup only: JavaFX's use of java.logging and jdk.xml.dom, TLS and SASL for Kafka (jdk.crypto.ec,
# java.naming), zip file systems.
modules=$(jdeps --ignore-missing-deps --multi-release 17 --module-path "$input/javafx" --print-module-deps \
  "$input/streamscope.jar" "$input"/javafx/*.jar | tr ',' '\n' | grep -v '^javafx\.' | paste -sd, -)
modules="$modules,java.logging,java.naming,java.net.http,jdk.crypto.ec,jdk.security.auth,jdk.zipfs,jdk.xml.dom,jdk.jsobject"

compress=2 # zip-6 from Java 21, where "2" is deprecated
[ "$major" -lt 21 ] || compress=zip-6
jpackage --type app-image --name streamscope --dest "$dist" \
  --input "$input" --main-jar streamscope.jar --main-class io.streamscope.Launcher \
  --add-modules "$modules" \
  --jlink-options "--strip-debug --no-header-files --no-man-pages --compress=$compress"
# bin/streamscope is our script (packaging/launcher.sh), not jpackage's launcher: see the script for why. It picks the
# JIT and the collector per command: mostly Serial GC, the quickest start, with -Xms64m (Serial's default first heap,
# 1/64 of the memory, has a young generation of about 130 MB that a million-row read fills before its first
# collection: 160 MB of RSS instead of 105); Parallel GC for the commands that keep much alive.
cp packaging/launcher.sh "$image/bin/streamscope"
cp packaging/make-cds-archive.sh "$image/lib/app/make-cds-archive.sh"
chmod 755 "$image/bin/streamscope" "$image/lib/app/make-cds-archive.sh"

# AppCDS: the classes the commands load (checkpoint, state, topic, replay, doctor, Jackson, JSON output), listed in the
# image (lib/app/streamscope.classlist) and archived with its own runtime and exactly the class path bin/streamscope
# gives, so the JVM maps them instead of loading them. The window's (JavaFX, the views, the theme) in a list and an
# archive of their own (lib/app/window.classlist), made with the window's module path and options: an archive holds
# for the module path it was made with, and one with JavaFX's would cost every command the JDK's archived module graph.
java="$image/lib/runtime/bin/java"
app="$(cd "$image/lib/app" && pwd -P)"
app_jar="$app/streamscope.jar"
classes="$dist/classes.lst"
sample=sample-checkpoints/shop-totals-update
# The sample's files under 600 batch ids and 64 partitions: a checkpoint of more than a few batches takes classes and
# lambdas the sample alone does not (its logs read on both cores, the batches rendered in chunks, a store's partitions
# read and rendered on both cores), which a run on the sample would leave to be loaded and linked at every start
# (inspect of 10,000 batches took 8 % more CPU). Its operator has no metadata file, as Spark before 4.0 writes it: the
# note that says so took the one class (Note) a state read loaded from the jar, and opening the 85 MB jar to find it
# (its central directory) took 30 ms.
many="$dist/many-batches"
rm -rf "$many" && mkdir -p "$many/offsets" "$many/commits" "$many/state/0"
cp "$sample/metadata" "$many/"
offsets=$(cat "$sample/offsets/2")
commit=$(cat "$sample/commits/2")
for ((id = 0; id < 600; id++)); do
  printf '%s' "$offsets" > "$many/offsets/$id"
  printf '%s' "$commit" > "$many/commits/$id"
done
for ((partition = 0; partition < 64; partition++)); do
  cp -R "$sample/state/0/$((partition % 2))" "$many/state/0/$partition"
done
: > "$classes"
# RocksDB stores (changelogs; snapshots of SST files) are read by classes of their own.
rocksdb=sample-checkpoints/shop-totals-rocksdb
for command in "inspect $sample" "inspect $many" "state $sample" "state $many --batch 2" "state $rocksdb" "state $rocksdb-snapshots" \
    "replay $sample" "doctor $sample" "handover $sample" "--help"; do
  # shellcheck disable=SC2086 # the command's words are meant to split
  "$java" "@$app/runtime.args" -XX:DumpLoadedClassList="$classes.part" -XX:+UseSerialGC -cp "$app_jar" \
    io.streamscope.Launcher $command > /dev/null
  cat "$classes.part" >> "$classes"
done
# One list of the runs' lists, each line once, in the order first seen: from Java 24 a class's constant-pool lines
# (@cp) must follow the class, and the class ids each run numbers its own way (only a custom loader's classes need
# them, and the commands have none) are left out.
sed 's/ id: [0-9]*$//' "$classes" | awk '!seen[$0]++' > "$app/streamscope.classlist"
# The window opened on the default sample under Xvfb until its first frame with the timeline (ui.FirstFrameProbe),
# then closed, where a display can be had: on a screen where it opens at 80 % of 1280x1024 with the job editor
# unfolded, as on a desktop (on xvfb-run's own 640x480 it starts folded).
rm -f "$classes.part"
if ! command -v xvfb-run >/dev/null; then
  echo "app-image: xvfb-run is not on the PATH; the window's classes are not archived (the commands' are)" >&2
elif xvfb-run -a -s "-screen 0 1280x1024x24" "$java" "@$app/runtime.args" -XX:DumpLoadedClassList="$classes.part" \
    -XX:+UseSerialGC --module-path "$app/javafx" "@$app/javafx.args" -Dstreamscope.firstFrame=exit \
    -Dstreamscope.settings=memory -cp "$app_jar" io.streamscope.Launcher > /dev/null 2>&1; then
  cp "$classes.part" "$app/window.classlist"
else
  echo "app-image: the window's classes are not archived (it did not open under Xvfb)" >&2
fi
rm -rf "$classes" "$classes.part" "$many"
CDS_DUMP_LOG="$dist/cds-dump.log" "$image/lib/app/make-cds-archive.sh"
rm -rf "$input"
echo "app-image: $image (bin/streamscope), $(du -sh "$image" | cut -f1)"
