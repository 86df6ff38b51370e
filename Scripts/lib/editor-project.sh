# Sourced by the editor checks: makes a team's repository in a scratch folder outside this
# one, "$scratch/repo" under git, holding two packages: "cart", a copy of Examples/Cart depending
# on this checkout, whose Features/cart.feature has one more scenario with an undefined step,
# and "other", a package whose feature file has steps the cart does not define (a monorepo).
# Builds the cart's runner (cart-specs), removes everything when the script exits, and enters
# the cart package. Needs `root` (this repository) set; sets `scratch`, `repo` and `package`.
editor_project() {
  scratch=$(mktemp -d "${TMPDIR:-/tmp}/specs-$1.XXXXXX")
  trap 'rm -rf "$scratch"' EXIT
  repo="$scratch/repo"
  package="$repo/cart"
  mkdir -p "$package" "$repo/other/Features"
  (cd "$root/Examples/Cart" && tar --exclude=.build -cf - .) | (cd "$package" && tar -xf -)
  cd "$package"
  # The package depends on this checkout by its path, as a team's package names specs.
  python3 - "$root" Package.swift <<'PY'
import json, sys
root, manifest = sys.argv[1], sys.argv[2]
text = open(manifest).read()
folder = ("let specsFolder = URL(fileURLWithPath: #filePath)\n"
          "    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()")
assert folder in text, "Examples/Cart/Package.swift no longer finds specs as the editor checks expect"
open(manifest, "w").write(text.replace(folder, f"let specsFolder = URL(fileURLWithPath: {json.dumps(root)})"))
PY
  rm -f Features/cart.feature Tests/CartTests/Features
  mkdir -p Features
  cp "$root/Examples/Cart/Features/cart.feature" Features/cart.feature
  printf '\n  Scenario: A step nobody wrote\n    Given a cart with 1 item at 2.0 EUR\n    Then the customer smiles\n' >>Features/cart.feature
  printf '// swift-tools-version:6.0\nimport PackageDescription\nlet package = Package(name: "Other")\n' \
    >"$repo/other/Package.swift"
  printf 'Feature: Shelves\n\n  Scenario: Stocked\n    Given a warehouse with 3 shelves\n' >"$repo/other/Features/other.feature"
  git -C "$repo" init -q && git -C "$repo" add -A && git -C "$repo" -c user.name=check -c user.email=check@example.com commit -qm monorepo
  swift build --product cart-specs >build.log 2>&1 || { cat build.log; exit 1; }
}
