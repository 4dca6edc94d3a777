#!/usr/bin/env bash
# Compiles every ```c block of the given Markdown files, as users would copy
# it. A block with a main() is built and run: it must exit 0, and when a
# ```text block follows it, print exactly that text. Any other block is a
# translation unit of its own, compiled with -c; a first line "/* ...: cc
# FLAGS -c ..." gives its flags. tests/snippets/ is on the include path
# (cgltf's declarations, for the blocks that load glTF with it). A block
# that includes posemath_mmd_bullet.h (Bullet's C++) or posemath_vrm.h (it
# plays files from ../shared) is left to the Makefile's readme-check.
# Blocks build side by side, JOBS at a time (default 2).
# usage: tests/check_snippets.sh BUILD_DIR CC "WARNINGS" FILE.md...
set -u
build=$1 cc=$2 warn=$3
shift 3
mkdir -p "$build/snippets"
rm -f "$build/snippets/"*.failed
count=0

# One block: built (and run); a NAME-N.failed file says why it failed
check_block() {
  local md=$1 src=$2 base=${2%.c} flags
  flags=$(head -1 "$src" | sed -n 's/^\/\*.*: *cc \(.*\) -c .*/\1/p')
  if grep -q '^int main(' "$src"; then
    if ! $cc -std=c99 $warn -I. -Itests/snippets -o "$base" "$src" -lm; then
      echo "check_snippets: $md: $(basename "$src") does not compile" > "$base.failed"; return
    fi
    if ! "$base" > "$base.got"; then
      echo "check_snippets: $md: $(basename "$src") exits with an error" > "$base.failed"; return
    fi
    if [ -f "$base.out" ] && ! diff -u "$base.out" "$base.got"; then
      echo "check_snippets: $md: $(basename "$src") prints other than the text after it" > "$base.failed"
    fi
  elif ! $cc -std=c99 $warn $flags -I. -Itests/snippets -c -o "$base.o" "$src"; then
    echo "check_snippets: $md: $(basename "$src") does not compile" > "$base.failed"
  fi
}
for md in "$@"; do
  name=$(basename "$md" .md)
  # blocks as files NAME-N.c, and NAME-N.out for a ```text block right after block N
  awk -v dir="$build/snippets" -v name="$name" '
    /^```c$/ { n++; file = dir "/" name "-" n ".c"; printf "" > file; inside = 1; after = 0; next }
    /^```text$/ && after { file = dir "/" name "-" n ".out"; printf "" > file; inside = 1; after = 0; next }
    /^```/ { if (inside) { close(file); after = (file ~ /\.c$/) } inside = 0; next }
    inside { print >> file; next }
    NF { after = 0 }' "$md"
  for src in "$build/snippets/$name"-*.c; do
    [ -e "$src" ] || continue
    count=$((count + 1))
    base=${src%.c}
    if grep -q '^#include "posemath_mmd_bullet.h"\|^#include "posemath_vrm.h"' "$src"; then
      count=$((count - 1)); continue # the Makefile's readme-check builds it
    fi
    while [ "$(jobs -rp | wc -l)" -ge "${JOBS:-2}" ]; do wait -n; done
    check_block "$md" "$src" &
  done
done
wait
status=0
for failed in "$build/snippets/"*.failed; do
  [ -e "$failed" ] || continue
  cat "$failed"; status=1
done
echo "check_snippets: $count code blocks in $# files"
exit $status
