# packaging/runtime-jdk.sh, sourced by app-image.sh and deb.sh: the JDK whose runtime the image carries and whose
# jpackage builds it.
# The image's runtime: $STREAMSCOPE_RUNTIME_JDK when set, else a JDK 25 where the machine has one (under /usr/lib/jvm
# or at $JAVA_HOME), else the JDK on the PATH. The app is built for Java 17 and runs on either; on 25 the window's first
# frame comes about a fifth sooner (its archive holds the classes linked as well as loaded) and C2 makes a step
# through 100,000 rows about a quarter cheaper (README, "The targets of issue 16").
java_major() { sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$1/release" 2>/dev/null; }
runtime_jdk() {
  if [ -n "${STREAMSCOPE_RUNTIME_JDK:-}" ]; then
    echo "$STREAMSCOPE_RUNTIME_JDK"
    return
  fi
  for home in "${JAVA_HOME:-}" /usr/lib/jvm/*; do
    if [ -n "$home" ] && [ -x "$home/bin/jpackage" ] && [ "$(java_major "$home")" = 25 ]; then
      echo "$home"
      return
    fi
  done
  local jpackage
  if ! jpackage=$(command -v jpackage); then
    echo "packaging: jpackage is not on the PATH (it comes with a full JDK 17+)" >&2
    exit 1
  fi
  dirname "$(dirname "$(readlink -f "$jpackage")")"
}
