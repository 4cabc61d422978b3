#!/bin/sh
# lib/app/make-cds-archive.sh: makes lib/app/streamscope.jsa, the class-data-sharing archive of the classes listed in
# lib/app/streamscope.classlist (those the commands and the window load), for the folder the image is in now, and
# records that folder's jar in lib/app/streamscope.jsa.path for bin/streamscope. Run by the image's build, by the .deb
# on installing, and by bin/streamscope where the image was moved.
set -e
app=$(cd "$(dirname "$(readlink -f "$0")")" && pwd -P)
java="$app/../runtime/bin/java"
jar="$app/streamscope.jar"
partial="$app/streamscope.jsa.$$"
trap 'rm -f "$partial"' EXIT
# Made with the GC bin/streamscope runs.
"$java" -Xshare:dump -XX:+UseSerialGC -XX:SharedClassListFile="$app/streamscope.classlist" \
  -XX:SharedArchiveFile="$partial" -cp "$jar" > "${CDS_DUMP_LOG:-/dev/null}" 2>&1
mv -f "$partial" "$app/streamscope.jsa"
printf '%s\n' "$jar" > "$app/streamscope.jsa.path"
