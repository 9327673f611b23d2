#!/usr/bin/env bash
# Installs the editor test host into .test-host/: code-server (VS Code's server and web
# workbench, from the npm registry) and playwright-core, driven against Debian's Chromium.
# No desktop VS Code can be downloaded here (../shared/notes/test-host.md), so
# @vscode/test-electron is used only where one can. Idempotent: a finished install is kept.
set -euo pipefail
cd "$(dirname "$0")/../.."
# `npm test` exports the project's ignore-scripts=true to its children; the native rebuilds
# below must run their scripts.
unset npm_config_ignore_scripts NPM_CONFIG_IGNORE_SCRIPTS
HOST=.test-host
CODE_SERVER=4.100.3   # the last release for Node 20
PLAYWRIGHT=1.65.1

if [ -f "$HOST/.installed-$CODE_SERVER" ]; then exit 0; fi

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v rg >/dev/null 2>&1 || missing+=(ripgrep)
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
[ -e /usr/include/krb5.h ] || [ -e /usr/include/krb5/krb5.h ] || missing+=(libkrb5-dev)
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  echo "test host: installing ${missing[*]} from Debian" >&2
  $SUDO apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi

rm -rf "$HOST"
mkdir -p "$HOST"
cd "$HOST"
echo '{"name":"codemorph-test-host","private":true}' > package.json
# code-server's own postinstall downloads ripgrep from the internet: do its work by hand.
npm install --no-save --ignore-scripts --no-audit --no-fund "code-server@$CODE_SERVER" "playwright-core@$PLAYWRIGHT" >&2
npm rebuild argon2 --build-from-source --ignore-scripts=false >&2
node -e "require('argon2')" || { echo 'test host: argon2 did not build' >&2; exit 1; }
(
  cd node_modules/code-server/lib/vscode
  npm install --omit=dev --ignore-scripts --no-audit --no-fund >&2
  npm_config_yes=true npm rebuild kerberos @parcel/watcher node-pty @vscode/spdlog native-watchdog @vscode/deviceid --ignore-scripts=false >&2
  node -e "require('node-pty'); require('@vscode/spdlog')" || { echo 'test host: native modules did not build' >&2; exit 1; }
  mkdir -p node_modules/@vscode/ripgrep/bin
  cp "$(command -v rg)" node_modules/@vscode/ripgrep/bin/rg
  ln -sfn node_modules node_modules.asar
  cd extensions && npm install --omit=dev --ignore-scripts --no-audit --no-fund >&2
)
touch ".installed-$CODE_SERVER"
echo "test host: code-server $CODE_SERVER installed in $HOST" >&2
