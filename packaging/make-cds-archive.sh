#!/bin/sh
# lib/app/make-cds-archive.sh: makes the class-data-sharing archives for the folder the image is in now:
# lib/app/streamscope.jsa of the classes the commands load (lib/app/streamscope.classlist), and lib/app/window.jsa of
# those the window loads (lib/app/window.classlist, where the build could open the window), with JavaFX's module path
# and options as bin/streamscope gives them. Records that folder's jar in lib/app/streamscope.jsa.path for
# bin/streamscope. Run by the image's build, by the .deb on installing, and by bin/streamscope where the image was moved.
set -e
app=$(cd "$(dirname "$(readlink -f "$0")")" && pwd -P)
java="$app/../runtime/bin/java"
jar="$app/streamscope.jar"
partial="$app/archive.jsa.$$"
trap 'rm -f "$partial"' EXIT
log=${CDS_DUMP_LOG:-/dev/null}
# From Java 24 an archive can hold its classes linked as well as loaded (JEP 483): the window's first frame came about
# a fifth sooner with that than with the classes loaded only.
linking=
major=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$app/../runtime/release" 2>/dev/null)
if [ "${major:-0}" -ge 24 ]; then
  linking=-XX:+AOTClassLinking
fi
# Made with the GC bin/streamscope runs.
"$java" "@$app/runtime.args" -Xshare:dump $linking -XX:+UseSerialGC \
  -XX:SharedClassListFile="$app/streamscope.classlist" -XX:SharedArchiveFile="$partial" -cp "$jar" > "$log" 2>&1
mv -f "$partial" "$app/streamscope.jsa"
rm -f "$app/window.jsa" # one made for another folder would share no class here
# Java 17 cannot archive a module path with a space in it (it looks for the jars at the path URL-encoded); the window
# then starts without an archive (Java 25 can).
if [ -f "$app/window.classlist" ]; then
  if "$java" "@$app/runtime.args" -Xshare:dump $linking -XX:+UseSerialGC \
      -XX:SharedClassListFile="$app/window.classlist" -XX:SharedArchiveFile="$partial" \
      --module-path "$app/javafx" "@$app/javafx.args" -cp "$jar" >> "$log" 2>&1; then
    mv -f "$partial" "$app/window.jsa"
  else
    echo "streamscope: no class-data archive for the window in $app (the commands have theirs)" >&2
  fi
fi
printf '%s\n' "$jar" > "$app/streamscope.jsa.path"
