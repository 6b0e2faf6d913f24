#!/usr/bin/env bash
# The React Native acceptance test (issue 31), from the repository root on a clean clone: the
# library as published (`npm pack` of dist/) installed into examples/native, an app made from the
# React Native 0.87 community template, then the app's type check, its jest tests (the template's
# preset and @testing-library/react-native: list/detail/like, navigation focus, AppState, NetInfo
# and an offline like) and a release Metro bundle built with the template's babel and Metro
# configs and nothing else. Any failure fails the script; each step prints its time.
set -euo pipefail
cd "$(dirname "$0")/.."
export npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false

started=$(date +%s)
step_started=$started
step() {
  local now
  now=$(date +%s)
  printf 'check-native-example: %s (%ss)\n' "$1" "$((now - step_started))"
  step_started=$now
}

# The library: built unless dist/ is there already (.ci/run builds it before this script).
if [ ! -f dist/index.js ]; then
  [ -d node_modules ] || npm ci --silent
  npm run build --silent
  step 'library built'
fi

# The tarball the example's package.json names ("tessera": "file:./tessera.tgz"); its
# package-lock.json entry has no integrity, so whatever dist/ holds now is what gets installed.
example=examples/native
rm -f "$example/tessera.tgz"
packed=$(npm pack --silent --pack-destination "$example" | tail -n 1)
mv "$example/$packed" "$example/tessera.tgz"
step "packed $packed"

cd "$example"
npm ci --silent --no-progress
step 'example installed (npm ci)'

npx --no -- tsc --noEmit
step 'type check (tsc --noEmit)'

npx --no -- jest --ci
step 'jest'

rm -rf build
mkdir -p build
npx --no -- react-native bundle --platform android --dev false --entry-file index.js \
  --bundle-output build/index.android.bundle --assets-dest build/assets >build/bundle.log 2>&1 \
  || { cat build/bundle.log; exit 1; }
grep -q 'Done writing bundle output' build/bundle.log || { cat build/bundle.log; exit 1; }
step "Metro bundle ($(wc -c <build/index.android.bundle) B, android, release)"

printf 'check-native-example: passed in %ss\n' "$(($(date +%s) - started))"
