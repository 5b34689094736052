#!/usr/bin/env bash
# Builds the Debian package with CPack, unpacks it and checks what it installs:
#   validate-package.sh CPackConfig.cmake EXPECTED_DEPENDENCY...
# Fails (exit 1) on the first check that does not hold.
set -euo pipefail

app_id=io.github.roofscope.RoofScope
config=${1:?usage: validate-package.sh CPackConfig.cmake EXPECTED_DEPENDENCY...}
shift
expected_depends=("$@")

fail() { echo "FAIL: $*" >&2; exit 1; }  # redefined below once the work directory exists
ok() { echo "ok: $*"; }

for tool in cpack dpkg-deb dpkg-shlibdeps desktop-file-validate appstreamcli; do
  command -v "$tool" >/dev/null || fail "$tool not found (apt-get install cmake dpkg-dev desktop-file-utils appstream)"
done
[ -f "$config" ] || fail "$config not found: configure the project first"

# The work directory is emptied first and removed when every check passes; after a failure it is
# kept (cpack log, extracted tree) for a look. CTest passes one in the build tree.
if [ -n "${ROOFSCOPE_PACKAGE_WORKDIR:-}" ]; then
  work=$ROOFSCOPE_PACKAGE_WORKDIR
  rm -rf "$work"
  mkdir -p "$work"
else
  work=$(mktemp -d "${TMPDIR:-/tmp}/roofscope-package.XXXXXX")
fi
fail() { echo "FAIL: $*" >&2; echo "(work files kept in $work)" >&2; exit 1; }

# -- build the package into the work directory (the top of the build tree stays clean) -------------
if ! cpack -G DEB --config "$config" -B "$work/out" >"$work/cpack.log" 2>&1; then
  cat "$work/cpack.log" >&2
  # cpack first brings the build up to date (the "preinstall" target): show why that failed.
  for log in "$work"/out/_CPack_Packages/*/DEB/PreinstallOutput.log; do
    [ -f "$log" ] && tail -n 40 "$log" >&2
  done
  fail "cpack -G DEB (is the build up to date and does it compile?)"
fi
shopt -s nullglob
debs=("$work"/out/*.deb)
[ ${#debs[@]} -eq 1 ] || fail "expected one .deb in the CPack output, found ${#debs[@]}"
deb=${debs[0]}
ok "cpack built $(basename "$deb")"

# -- control fields -----------------------------------------------------------------------------------
package=$(dpkg-deb -f "$deb" Package)
version=$(dpkg-deb -f "$deb" Version)
arch=$(dpkg-deb -f "$deb" Architecture)
section=$(dpkg-deb -f "$deb" Section)
depends=$(dpkg-deb -f "$deb" Depends)
echo "Package: $package"
echo "Version: $version"
echo "Depends: $depends"
[ "$package" = roofscope ] || fail "Package is '$package', expected roofscope"
[ "$section" = science ] || fail "Section is '$section', expected science"
[ "$(basename "$deb")" = "${package}_${version}_${arch}.deb" ] \
  || fail "file name $(basename "$deb") is not the Debian default ${package}_${version}_${arch}.deb"
# Depends is a comma-separated list of "name (>= version)" or alternatives "a | b".
depends_names=" $(echo "$depends" | sed -E 's/\([^)]*\)//g; s/[,|]/ /g; s/[[:space:]]+/ /g') "
for name in "${expected_depends[@]}"; do
  case "$depends_names" in
    *" $name "*) ;;
    *) fail "Depends does not name $name" ;;
  esac
done
ok "Depends names ${expected_depends[*]}"

# -- contents -----------------------------------------------------------------------------------------
root="$work/root"
dpkg-deb -x "$deb" "$root"

[ -x "$root/usr/bin/roofscope" ] || fail "usr/bin/roofscope missing or not executable"
ok "usr/bin/roofscope"
if ! QT_QPA_PLATFORM=offscreen "$root/usr/bin/roofscope" gpus >"$work/gpus.txt" 2>&1; then
  cat "$work/gpus.txt" >&2
  fail "the packaged 'roofscope gpus' failed"
fi
[ -s "$work/gpus.txt" ] || fail "the packaged 'roofscope gpus' printed nothing"
ok "the packaged roofscope runs 'gpus'"

desktop="$root/usr/share/applications/$app_id.desktop"
[ -f "$desktop" ] || fail "usr/share/applications/$app_id.desktop missing"
desktop-file-validate "$desktop" >"$work/desktop.log" 2>&1 || { cat "$work/desktop.log" >&2; fail "desktop-file-validate"; }
# Hints (for instance, two main categories) are fine; warnings and errors are not.
if grep -E ': (error|warning):' "$work/desktop.log" >&2; then fail "desktop-file-validate reported problems"; fi
grep -qx 'Exec=roofscope %F' "$desktop" || fail "the desktop file's Exec is not 'roofscope %F' (files from a file manager)"
grep -qx 'MimeType=application/x-roofscope+json;' "$desktop" || fail "the desktop file declares no MimeType"
grep -qx "Icon=$app_id" "$desktop" || fail "the desktop file's Icon is not $app_id"
ok "desktop file validates"

metainfo="$root/usr/share/metainfo/$app_id.metainfo.xml"
[ -f "$metainfo" ] || fail "usr/share/metainfo/$app_id.metainfo.xml missing"
appstreamcli validate --no-net "$metainfo" || fail "appstreamcli validate"
# The tree as installed: the metainfo together with the desktop file and icon it refers to.
appstreamcli validate-tree --no-net "$root" || fail "appstreamcli validate-tree"
grep -q "<id>$app_id</id>" "$metainfo" || fail "the metainfo id is not $app_id"
grep -q "<launchable type=\"desktop-id\">$app_id.desktop</launchable>" "$metainfo" \
  || fail "the metainfo does not launch $app_id.desktop"
grep -q "<release version=\"${version%-*}\"" "$metainfo" \
  || fail "the metainfo has no release entry for the package version ${version%-*}"
ok "metainfo validates"

icon="$root/usr/share/icons/hicolor/scalable/apps/$app_id.svg"
[ -s "$icon" ] || fail "usr/share/icons/hicolor/scalable/apps/$app_id.svg missing"
grep -q '<svg' "$icon" || fail "the icon is not an SVG"
ok "icon"

mime="$root/usr/share/mime/packages/$app_id.xml"
[ -f "$mime" ] || fail "usr/share/mime/packages/$app_id.xml missing"
grep -q '<mime-type type="application/x-roofscope+json">' "$mime" || fail "the MIME file does not define application/x-roofscope+json"
grep -q '<glob pattern="\*.roofscope.json"' "$mime" || fail "the MIME file has no *.roofscope.json glob"
if command -v xmllint >/dev/null; then xmllint --noout "$mime" || fail "the MIME file is not well-formed XML"; fi
mime_icon="$root/usr/share/icons/hicolor/scalable/mimetypes/application-x-roofscope+json.svg"
[ -s "$mime_icon" ] || fail "the document icon (mimetypes/application-x-roofscope+json.svg) is missing"
ok "document MIME type and icon"

copyright="$root/usr/share/doc/roofscope/copyright"
[ -f "$copyright" ] || fail "usr/share/doc/roofscope/copyright missing"
grep -q '^Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' "$copyright" \
  || fail "the copyright file is not in the machine-readable format"
ok "copyright"

# The manual (README.md, docs/*.md, the pictures they show) as Help ▸ User Guide finds it: every
# relative link and picture of an installed page leads to a file of the package.
doc="$root/usr/share/doc/roofscope"
[ -f "$doc/README.md" ] || fail "usr/share/doc/roofscope/README.md (the manual's front page) missing"
[ -f "$doc/docs/index.md" ] || fail "usr/share/doc/roofscope/docs/index.md (what Help ▸ User Guide opens) missing"
pages=("$doc"/docs/*.md)
[ ${#pages[@]} -ge 11 ] || fail "usr/share/doc/roofscope/docs holds ${#pages[@]} pages, expected the index and 10 subjects"
links=0
for page in "$doc/README.md" "${pages[@]}"; do
  while IFS= read -r target; do
    case "$target" in http://*|https://*|mailto:*|'#'*) continue ;; esac
    [ -e "$(dirname "$page")/${target%%#*}" ] || fail "${page#"$root"/} links to $target, which the package lacks"
    links=$((links + 1))
  done < <(grep -oE '\]\([^()[:space:]]+\)' "$page" | sed -E 's/^\]\((.*)\)$/\1/')
done
[ -f "$doc/resources/screenshot.png" ] || fail "the README's screenshot is not in usr/share/doc/roofscope/resources"
ok "the manual: README.md and ${#pages[@]} pages in usr/share/doc/roofscope, $links links and pictures found"

# Nothing for developers may slip into the package through another directory's install rules.
stray=$(cd "$root" && find . \( -path './usr/include*' -o -name '*.a' -o -name '*.cmake' -o -name '*.pc' \) -print)
[ -z "$stray" ] || fail "development files in the package: $stray"
ok "no development files"

rm -rf "$work"
echo "PASS: $(basename "$deb")"
