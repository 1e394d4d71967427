# Shared by scripts/run-site and scripts/run-tests (sourced, not run).
# Creates .venv with Python 3.11 if missing and (re)installs requirements.txt when it changed;
# compiles the translation catalogues (.po -> .mo, never committed).

find_python() {
  local candidate
  for candidate in "${PYTHON:-}" python3.11 python3 python; do
    [ -n "$candidate" ] || continue
    if command -v "$candidate" >/dev/null 2>&1 &&
      "$candidate" -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11))' 2>/dev/null; then
      command -v "$candidate"
      return 0
    fi
  done
  echo "error: Python 3.11 is required (set PYTHON=/path/to/python3.11)" >&2
  return 1
}

ensure_venv() {
  local python stamp wanted
  if [ ! -x .venv/bin/python ]; then
    python="$(find_python)"
    echo "==> creating .venv with $python"
    "$python" -m venv .venv
  fi
  stamp=.venv/.requirements.sha256
  wanted="$(sha256sum requirements.txt | cut -d' ' -f1)"
  if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$wanted" ]; then
    echo "==> installing requirements.txt into .venv"
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -r requirements.txt
    echo "$wanted" >"$stamp"
  fi
}

compile_messages() {
  # Every catalogue of the project (locale/, games/locale/, the rules pages'), not .venv's.
  if ! command -v msgfmt >/dev/null 2>&1; then
    echo "error: msgfmt is missing: install GNU gettext (Debian: apt-get install gettext)" >&2
    return 1
  fi
  .venv/bin/python manage.py compilemessages --ignore ".venv" --ignore "var" --ignore "node_modules" >/dev/null
}
