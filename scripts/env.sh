# Sourced by ./seedc and ./run-tests: picks a JDK >= 21 and installs the
# Debian packages the project needs when they are missing.

seedc_java_ok() { # $1 = java binary; true when it is version 21 or newer
  local v
  v=$("$1" -version 2>&1 | awk -F'"' '/version/ {print $2; exit}')
  [ -n "$v" ] && [ "${v%%.*}" -ge 21 ] 2>/dev/null
}

seedc_pick_jdk() {
  if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ] && seedc_java_ok "$JAVA_HOME/bin/java"; then
    return 0
  fi
  local d
  for d in /usr/lib/jvm/temurin-25* /usr/lib/jvm/*25* /usr/lib/jvm/*21* /usr/lib/jvm/*; do
    if [ -x "$d/bin/javac" ] && seedc_java_ok "$d/bin/java"; then
      export JAVA_HOME="$d"; export PATH="$JAVA_HOME/bin:$PATH"; return 0
    fi
  done
  if command -v java >/dev/null && seedc_java_ok java; then return 0; fi
  echo "seedc: needs a JDK 21 or newer (set JAVA_HOME); none found under /usr/lib/jvm" >&2
  return 1
}

# seedc_need_pkgs BIN:PACKAGE ... installs PACKAGE when BIN (a command, or a
# path starting with /) is missing. Root only; otherwise says what to install.
seedc_need_pkgs() {
  local missing="" pair bin pkg
  for pair in "$@"; do
    bin=${pair%%:*}; pkg=${pair#*:}
    case "$bin" in
      /*) [ -e "$bin" ] || missing="$missing $pkg" ;;
      *) command -v "$bin" >/dev/null 2>&1 || missing="$missing $pkg" ;;
    esac
  done
  [ -z "$missing" ] && return 0
  if [ "$(id -u)" != 0 ]; then
    echo "seedc: please install:$missing" >&2; return 1
  fi
  echo "seedc: installing$missing" >&2
  export DEBIAN_FRONTEND=noninteractive
  { apt-get update -q && apt-get install -y -q --no-install-recommends $missing; } >/tmp/seedc-apt.log 2>&1 \
    || { echo "seedc: apt-get install$missing failed (see /tmp/seedc-apt.log)" >&2; return 1; }
}

# seedc_runtime_header FILE writes the C runtime seedc_runtime.h to FILE: its parts (resources under
# src/main/resources/seedc/codegen/c/runtime) in the order seedc.codegen.c.writer.RuntimeHeader keeps, as the
# compiler writes it beside predict.c. The launcher builds the jar first when the sources changed.
seedc_runtime_header() {
  local root
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  "$root/seedc" --version >/dev/null
  "$JAVA_HOME/bin/java" -cp "$root/target/seedc.jar" seedc.codegen.c.writer.RuntimeHeader >"$1"
}
