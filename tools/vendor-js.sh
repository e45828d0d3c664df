#!/usr/bin/env bash
# Refresh the vendored JavaScript and fonts from the npm registry at pinned versions.
# The book must load nothing from a CDN, so everything its pages need is copied here.
set -euo pipefail
cd "$(dirname "$0")/.."
HTML_MANAGER=1.0.15   # renders ipywidgets 8 state (controls 2.0.0)
REQUIREJS=2.3.8
FELL=5.3.0            # @fontsource/im-fell-english, SIL OFL
GARAMOND=5.3.0        # @fontsource/eb-garamond, SIL OFL
AXE=4.14.1            # axe-core, used only by the browser tests

tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
( cd "$tmp" && npm pack --silent "@jupyter-widgets/html-manager@$HTML_MANAGER" "requirejs@$REQUIREJS" \
    "@fontsource/im-fell-english@$FELL" "@fontsource/eb-garamond@$GARAMOND" "axe-core@$AXE" >/dev/null )
for f in "$tmp"/*.tgz; do mkdir -p "${f%.tgz}"; tar xzf "$f" -C "${f%.tgz}"; done

w=vendor/static/widgets
mkdir -p "$w/@jupyter-widgets/html-manager/dist" vendor/static/fonts tests/browser/vendor
cp "$tmp"/jupyter-widgets-html-manager-$HTML_MANAGER/package/dist/embed-amd.js "$w/"
cp "$tmp"/jupyter-widgets-html-manager-$HTML_MANAGER/package/dist/embed.js.LICENSE.txt "$w/embed-amd.js.LICENSE.txt"
cp "$tmp"/requirejs-$REQUIREJS/package/require.js "$w/"
# Icon fonts, asked for relative to the manager's modules (see widgets/require-config.js).
for d in "$w/@jupyter-widgets" "$w/@jupyter-widgets/html-manager/dist"; do
  cp "$tmp"/jupyter-widgets-html-manager-$HTML_MANAGER/package/dist/*.{woff,woff2,ttf,eot,svg} "$d/"
done
for face in im-fell-english-latin-400-normal im-fell-english-latin-400-italic; do
  cp "$tmp"/fontsource-im-fell-english-$FELL/package/files/$face.woff2 vendor/static/fonts/
done
for face in eb-garamond-latin-400-normal eb-garamond-latin-400-italic eb-garamond-latin-700-normal; do
  cp "$tmp"/fontsource-eb-garamond-$GARAMOND/package/files/$face.woff2 vendor/static/fonts/
done
cp "$tmp"/fontsource-im-fell-english-$FELL/package/LICENSE vendor/static/fonts/OFL-im-fell-english.txt
cp "$tmp"/fontsource-eb-garamond-$GARAMOND/package/LICENSE vendor/static/fonts/OFL-eb-garamond.txt
cp "$tmp"/axe-core-$AXE/package/axe.min.js tests/browser/vendor/
cp "$tmp"/axe-core-$AXE/package/LICENSE tests/browser/vendor/axe.LICENSE.txt
echo "vendored: html-manager $HTML_MANAGER, requirejs $REQUIREJS, fonts, axe-core $AXE"
