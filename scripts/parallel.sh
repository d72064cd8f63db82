#!/usr/bin/env bash
# Runs the given commands at the same time and prints each one's output whole, in order, once all are done; fails
# when any of them failed. For npm test's single-threaded checks (tsc, eslint, prettier, the message and machine
# checks): on CI's two cores they finish in the time of the slowest instead of the sum.
set -u
dir=$(mktemp -d)
pids=()
n=0
for cmd in "$@"; do
  bash -c "$cmd" >"$dir/$n.out" 2>&1 &
  pids+=("$!")
  n=$((n + 1))
done
failed=0
n=0
for cmd in "$@"; do
  if wait "${pids[$n]}"; then status=ok; else status=FAILED; failed=1; fi
  printf '\n── %s (%s)\n' "$cmd" "$status"
  cat "$dir/$n.out"
  n=$((n + 1))
done
rm -rf "$dir"
exit "$failed"
