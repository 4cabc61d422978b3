#!/bin/sh
# bin/streamscope: Streamscope on the image's own runtime; no arguments open the window, a command runs it.
# It stands in for jpackage's Linux launcher, which asks rpm and dpkg which package owns it at every start (100-300 ms
# here, more where many packages are installed) before the JVM even loads.
# The class-data-sharing archives (lib/app/streamscope.jsa for the commands, window.jsa for the window) hold for the
# folder they were made in only: Java 17 compares the class path an archive was made with literally and, on a
# mismatch, shares no class at all. Where the image was moved, they are made again for the new folder, once, when the
# folder is writable (the .deb makes them on installing).
# Each process started here costs 1-2 ms of every command's start, so the shell finds its folder itself: readlink only
# when started through a link (as from /usr/bin), one subshell for the physical path, the archives' folder read with
# the shell's own read.
set -e
self=$0
if [ -L "$self" ]; then
  self=$(readlink -f "$self")
fi
case "$self" in
  */*) bin=${self%/*} ;;
  *) bin=. ;;
esac
root=$(unset CDPATH; cd -P "$bin/.." && pwd)
app="$root/lib/app"
java="$root/lib/runtime/bin/java"
jar="$app/streamscope.jar"
archived_for() {
  archived=
  if [ -f "$app/streamscope.jsa.path" ]; then
    { read -r archived < "$app/streamscope.jsa.path"; } 2>/dev/null || true
  fi
}

archived_for
if [ "$archived" != "$jar" ] && [ -w "$app" ]; then
  echo "streamscope: making the class-data archives for $root (once, a few seconds)" >&2
  "$root/lib/app/make-cds-archive.sh" || echo "streamscope: no class-data archives (see above); starting without" >&2
  archived_for
fi
# The JIT: commands that read a checkpoint's logs and metadata are done before most of what C2 compiles is ready, and
# the compiling takes up to half their CPU; C1 alone halves inspect's (README, "The targets of issue 16"). Reads of
# data (state rows, a replay, a topic) and the doctor's state checks run long enough for C2 to pay from the start.
# For state rows C2 inlines code already compiled big less than Java's defaults: on 1M keys its compiling was a
# quarter of the CPU, and the smaller compilations made 1M keys 5-10 % faster and 10M no slower (alternating runs of
# the three bench stores). Once 1M keys went to C1 alone (below), inlining nine calls deep rather than twelve cost the
# 10M-key read about 5 % (three sets of 8-12 alternating runs; fifteen, Java's default, no better than twelve): the
# row path from the reader's loop to a field's digits is about ten calls deep.
# The window needs C2 for stepping through 100,000 rows, but at its start C2 compiled what runs a few thousand
# times (CSS matching, the first layout) on the second core the FX thread needs: with C2's thresholds ten times
# Java's, the first frame came about 0.4 s sooner on Java 17 (0.1 s on 25) and the hot code of a step still gets C2
# within a few steps. Until C2 takes a method, C1's profiling code runs it: without the receiver types at virtual
# calls and casts (and the profiles of calls inlined), that code is smaller and quicker, and the first frame came
# 0.07-0.14 s sooner on 25 (three sets of 8-12 alternating runs; the process's CPU to it 3.04 -> 2.80 s), where a step
# through 100,000 rows and a replay (the window's hot paths) are as quick without the types (C2 inlines them by the
# class hierarchy); the state panel's pass over 1M-10M keys 0-15 % slower. Branch and call counts stay: without them
# C2's code for a replay was 10-30 % slower, and without any profile a step took twice the CPU.
# A state read of a small local store ends within a second, before C2's compiling has paid for the core it takes (40 %
# of the CPU of a 1M-key read): C1 alone reads a 1M-key store (17 MB of files) 10-16 % sooner, a 10M-key one (140 MB)
# 15 % later. Below 32 MB of what the read takes, then, C1 alone; remote stores and larger ones get C2.
small_local_store() {
  shift # the command
  for arg in "$@"; do
    if [ -d "$arg/state" ]; then
      live_state_kb "$arg/state"
      [ -n "$live_kb" ] && [ "$live_kb" -lt 32768 ]
      return
    fi
  done
  return 1
}
# The version a state file's name begins with (5.delta, 5_<uuid>.zip) in $version; false for any other name.
version_of() {
  version=${1##*/}
  version=${version%%[._]*}
  case "$version" in '' | *[!0-9]*) return 1 ;; esac
}
# What a read of the newest version takes, in KB, about: in the first partition folder of each operator (and each named
# store in it, a join's), the newest snapshot or zip, what was written after it (deltas, changelogs) and RocksDB's
# SSTs, times the partitions; the largest operator's. Spark keeps 100 versions a partition by default, with a snapshot
# every ten: the whole folder of a 1M-key store with that history is 144 MB, which took it to C2, 0.94 s where C1 alone
# reads it in 0.71 s. Sizes as the files hold them (GNU du's --apparent-size), else in disk blocks. The answer is in
# $live_kb (empty: not known), not printed: a command substitution would fork the shell once more.
live_state_kb() {
  live_kb=
  largest=0
  for operator in "$1"/*/; do
    partitions=0
    first=
    for partition in "$operator"[0-9]*/; do
      [ -d "$partition" ] || continue
      partitions=$((partitions + 1))
      first=${first:-$partition}
    done
    [ -n "$first" ] || continue
    set --
    for store in "$first" "$first"*/; do
      case "${store%/}" in "$first"_* | */SSTs | */logs) continue ;; esac
      [ -d "$store" ] || continue
      newest=0
      for file in "$store"*.snapshot "$store"*.zip; do
        version_of "$file" || continue
        [ "$version" -gt "$newest" ] && newest=$version
      done
      for file in "$store"*.delta "$store"*.snapshot "$store"*.changelog "$store"*.zip; do
        version_of "$file" || continue
        [ "$version" -ge "$newest" ] && set -- "$@" "$file"
      done
      [ -d "${store}SSTs" ] && set -- "$@" "${store}SSTs"
    done
    [ $# -gt 0 ] || continue
    du_total --apparent-size "$@"
    [ -n "$total" ] || du_total "$@"
    if [ -z "$total" ]; then
      return 0 # no size: not known to be small
    fi
    [ $((total * partitions)) -gt "$largest" ] && largest=$((total * partitions))
  done
  live_kb=$largest
}
# The KB that du -c counts for the files in $total, or nothing: its last line, "N<tab>total", taken apart by the
# shell itself (a sed after du cost each state command another process, 4-5 ms of its start on the bench machine).
du_total() {
  total=$(du -c -k -H "$@" 2>/dev/null) || true # a file gone meanwhile: du still counts the others
  case "$total" in
    *total) total=${total%total} && total=${total%?} && total=${total##*[!0-9]} ;;
    *) total= ;;
  esac
}
case "${1:-}" in
  inspect | handover | watch | help | --help | -h) jit="-XX:TieredStopAtLevel=1" ;;
  state)
    if small_local_store "$@"; then
      jit="-XX:TieredStopAtLevel=1"
    else
      jit="-XX:InlineSmallCode=1000 -XX:MaxInlineLevel=12"
    fi ;;
  replay | topic | doctor) jit="-XX:+TieredCompilation" ;;
  *) # the window (no command)
    window=yes
    jit="-XX:-C1ProfileVirtualCalls -XX:-C1ProfileCheckcasts -XX:-C1ProfileInlinedCalls -XX:Tier4InvocationThreshold=50000 -XX:Tier4MinInvocationThreshold=6000 -XX:Tier4CompileThreshold=150000 -XX:Tier4BackEdgeThreshold=400000" ;;
esac
# The collector: Serial, the quickest to start, where little stays alive (a state read streams its rows; its first
# heap of 64 MB keeps its RSS near 100 MB). A replay holds every batch's rows and inspect the whole checkpoint's
# model, so Serial copied the same live objects again and again on one core (a 1M-record replay spent 1.9 s of 7 in
# pauses, six of them full); Parallel's collections use both cores. Its young generation is held to 512 MB: left to
# itself it grew to 1.6 GB, and a replay of 1M records from a topic file took 2.0-2.3 GB of RAM; held, 0.83 GB and no
# slower. At 256 MB it took 0.65 GB, but a replay from Kafka was 10-30 % slower (more promoted, more full collections).
# Nearly all a replay makes stays alive to its end: with a first heap of 4 % of the memory (1 GB on the 24 GB bench
# machine), Parallel's sizing no longer ends a 1M-record replay with a full collection (0.73 s), and what survives one
# collection is promoted at once instead of copied between the survivor spaces up to 15 times. From Kafka, 5.37 ->
# 4.39 s and 8.7 -> 6.9 s of CPU (TopicExportBench). A percentage, not -Xms: the JVM keeps it under the largest heap
# (a user's -Xmx, or a quarter of a small machine's memory), where -Xms1g above it stops the JVM at start.
# A user's own largest heap (-Xmx in JAVA_TOOL_OPTIONS or JDK_JAVA_OPTIONS) is the cap they chose: the young
# generation then takes Parallel's third of it, and the JVM does not warn that 512 MB is more than the whole heap.
young="-XX:MaxNewSize=512m"
case " ${JAVA_TOOL_OPTIONS:-} ${JDK_JAVA_OPTIONS:-}" in
  *" -Xmx"* | *" -XX:MaxHeapSize="* | *" -XX:MaxRAMPercentage="*) young= ;;
esac
# inspect starts with a young generation of 256 MB, which reading 10,000 batches (some 110 MB made, most of it short
# lived) does not fill: no collection at all, where Parallel's own first size (a third of 1/64 of the memory) took one
# of 30-40 ms on both cores; 20 alternating runs, 0.66 -> 0.61 s and 1.10 -> 1.01 s of CPU.
# The window makes some 100 MB before its first frame (the scene, its styles, the sample's model), most of which stays:
# in a first heap of 64 MB, Serial collected five times before that frame and copied the same objects on, 150-200 ms
# with the FX thread stopped, much of it the kernel handing out the 4 KB pages the copies went to. A young generation
# of 224 MB holds all of it (the first collection comes once the window is in use), and the heap in 2 MB pages
# (transparent huge pages, where the kernel gives them on request: "[madvise]") takes the start's page faults from
# 52,000 to 31,000: the first frame 0.13-0.17 s sooner (alternating runs at three screen sizes; 1.61 -> 1.43 s at
# 1280x1024). Huge pages alone gave 0.14 s, the large young generation alone nothing (its pages faulted in one by one
# cost what the collections had). With no collection before the first frame, Serial's quicker start no longer pays:
# with Parallel the process took less CPU to the first frame (2.3 s against 2.7), which came 0.08-0.09 s sooner again
# (ten alternating runs each at 1280x1024 and 1280x720), and its collections later use both cores. Its young
# generation is held to 512 MB, as replay's is (below): the window replays too.
# A user's own heap options stand, and below 2 GB of memory (where Java's largest heap is under 512 MB) the window
# keeps Serial and a first heap of 64 MB, as the commands have. Where the kernel gives huge pages to every large
# mapping ("[always]") the JVM gets them unasked; with "[never]" the option would only warn.
window_gc() {
  gc="-XX:+UseSerialGC"
  case " ${JAVA_TOOL_OPTIONS:-} ${JDK_JAVA_OPTIONS:-}" in
    *" -Xmx"* | *" -Xms"* | *" -Xmn"* | *" -XX:MaxHeapSize="* | *" -XX:InitialHeapSize="* | *"NewSize="* | \
      *" -XX:MaxRAMPercentage="* | *" -XX:InitialRAMPercentage="*) ;;
    *)
      memory_kb=0
      { read -r _ memory_kb _ < /proc/meminfo; } 2>/dev/null || true
      case "$memory_kb" in '' | *[!0-9]*) memory_kb=0 ;; esac
      if [ "$memory_kb" -ge 2097152 ]; then
        gc="-XX:+UseParallelGC -Xms288m -XX:NewSize=224m -XX:MaxNewSize=512m"
      else
        gc="$gc -Xms64m"
      fi ;;
  esac
  huge_pages
  gc="$gc$pages"
}
# " -XX:+UseTransparentHugePages" in $pages where the kernel gives transparent huge pages on request ("[madvise]"), else
# nothing (see above). inspect touches some 110 MB of its young generation: in 2 MB pages, its page faults 33,000 ->
# 7,300 and 0.90 -> 0.65 s on 10,000 batches (ten alternating runs; RSS 153 -> 172 MB).
huge_pages() {
  pages=
  { read -r pages < /sys/kernel/mm/transparent_hugepage/enabled; } 2>/dev/null || true
  case "$pages" in
    *"[madvise]"*) pages=" -XX:+UseTransparentHugePages" ;;
    *) pages= ;;
  esac
}
# A collector the user names (-XX:+UseG1GC, -XX:+UseZGC, ... in JAVA_TOOL_OPTIONS or JDK_JAVA_OPTIONS) is theirs: the
# JVM refuses to start with two ("Multiple garbage collectors selected"), so the launcher then names none and sizes
# nothing for one.
users_collector() {
  set -f # the options as words, not as file patterns
  for option in ${JAVA_TOOL_OPTIONS:-} ${JDK_JAVA_OPTIONS:-}; do
    case "$option" in
      -XX:+Use*GC) set +f; return 0 ;;
    esac
  done
  set +f
  return 1
}
if users_collector; then
  gc=
else
  case "${1:-}" in
    replay) gc="-XX:+UseParallelGC $young -XX:InitialRAMPercentage=4 -XX:MaxTenuringThreshold=1" ;;
    inspect)
      huge_pages
      gc="-XX:+UseParallelGC $young${young:+ -XX:NewSize=256m}$pages" ;;
    *)
      if [ -n "${window:-}" ]; then
        window_gc
      else
        gc="-XX:+UseSerialGC -Xms64m"
      fi ;;
  esac
fi
# The JVM's own warnings (a collector's sizing under a user's small -Xmx, a class-data archive that does not fit) on
# stderr: unified logging writes them to stdout, where the commands print their JSON.
log="-Xlog:all=off:stdout -Xlog:all=warning:stderr"
# The window loads JavaFX from its module path (lib/app/javafx), with its own class-data archive; the commands never
# load JavaFX.
if [ -n "${window:-}" ]; then
  archive="$app/window.jsa"
  set -- --module-path "$app/javafx" "@$app/javafx.args" -cp "$jar" io.streamscope.Launcher "$@"
  # JavaFX tries its GPU pipeline (ES2) first. Where the machine has no GPU device (no /dev/dri, as in a VM or under
  # Xvfb, and no NVIDIA device), that try loads Mesa, makes a GL context on its software renderer and rejects it
  # ("Failed Graphics Hardware Qualifier check") before it falls back to its own software pipeline: 0.14 s of the
  # start on the bench machine. There the software pipeline is asked for at once; a machine with a GPU keeps JavaFX's
  # order, as does a user who chose one (-Dprism.order in JAVA_TOOL_OPTIONS or JDK_JAVA_OPTIONS).
  gpu=
  for device in /dev/dri/* /dev/nvidia*; do
    [ -e "$device" ] && gpu=yes && break
  done
  case " ${JAVA_TOOL_OPTIONS:-} ${JDK_JAVA_OPTIONS:-}" in
    *" -Dprism.order="*) gpu=chosen ;;
  esac
  [ -n "$gpu" ] || set -- -Dprism.order=sw "$@"
else
  archive="$app/streamscope.jsa"
  set -- -cp "$jar" io.streamscope.Launcher "$@"
fi
# The compression libraries' native code, which the image's build took out of the jar (lib/app/native): each library
# told where it lies, else it copies its own out of the jar into a temporary file at every start. lz4-java looks on
# java.library.path, given as Java's own default with that folder first.
native="$app/native"
if [ -f "$native/liblz4-java.so" ]; then
  libraries="$native${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}:/usr/java/packages/lib:/usr/lib64:/lib64:/lib:/usr/lib"
  set -- "-Djava.library.path=$libraries" "$@"
fi
if [ -f "$native/libsnappyjava.so" ]; then
  set -- "-Dorg.xerial.snappy.lib.path=$native" -Dorg.xerial.snappy.lib.name=libsnappyjava.so "$@"
fi
if [ -f "$native/libzstd-jni.so" ]; then
  set -- "-DZstdNativePath=$native/libzstd-jni.so" "$@"
fi
# lib/app/runtime.args: what the image's runtime needs (from Java 24, leave for the native libraries and Unsafe).
if [ -f "$archive" ] && [ "$archived" = "$jar" ]; then
  exec "$java" "@$app/runtime.args" $log $gc $jit "-XX:SharedArchiveFile=$archive" "$@"
fi
exec "$java" "@$app/runtime.args" $log $gc $jit "$@"
