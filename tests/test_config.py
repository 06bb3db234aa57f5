"""The server settings a class relies on are set in .streamlit/config.toml, and Streamlit reads them as set."""

import json
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WANTED = {
    "server.enableXsrfProtection": True,
    "server.enableCORS": True,
    "server.maxUploadSize": 20,
    "server.websocketPingInterval": 25,
    "server.disconnectedSessionTTL": 120,
    "runner.postScriptGC": False,
    "client.showErrorDetails": "none",
}


def test_the_config_file_sets_the_class_settings():
    """XSRF and CORS on, a 20 MB upload limit, a 25 s ping, a 120 s TTL, no per-run full GC and no error details."""
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    found = {f"{section}.{name}": config[section][name] for section, name in (k.split(".") for k in WANTED)}
    assert found == WANTED


def test_streamlit_reads_the_settings_from_the_project_folder():
    """Streamlit 1.67, started in the project folder, reports each setting as the file sets it."""
    code = (
        "import json, streamlit.config as c; c.get_config_options(force_reparse=True); "
        f"print(json.dumps({{k: c.get_option(k) for k in {sorted(WANTED)!r}}}))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)

    assert json.loads(out.stdout.strip().splitlines()[-1]) == WANTED
