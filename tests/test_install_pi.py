"""scripts/install-pi, run against a temporary root that looks like Raspberry Pi OS.

``--root`` makes the installer write every file under a directory and leave this
machine alone; the service venv step is skipped (it downloads Kivy), and a stand-in
venv Python that has Kivy lets the installer have Kivy write its configuration, as on
the Pi. Creating the service user and owning files needs root, as the installer does.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
INSTALLER = REPO / "scripts" / "install-pi"
GROUPS = ("gpio", "spi", "video", "render", "input")

needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="creates a user and owns files: run as root")

BOOKWORM_CONFIG_TXT = """\
# For more options and information see
# http://rptl.io/configtxt
#dtparam=i2c_arm=on
#dtparam=i2s=on
#dtparam=spi=on

# Automatically load overlays for detected cameras
camera_auto_detect=1

# Automatically load overlays for detected DSI displays
display_auto_detect=1

[cm4]
otg_mode=1

[all]
"""


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


@pytest.fixture
def pi_root(tmp_path) -> Path:
    """A root with Raspberry Pi OS's accounts and boot configuration, and a venv Python."""
    root = tmp_path / "root"
    _write(root / "etc/passwd", "root:x:0:0:root:/root:/bin/bash\npi:x:1000:1000::/home/pi:/bin/bash\n")
    _write(root / "etc/group", "root:x:0:\nvideo:x:44:pi\ninput:x:105:pi\nrender:x:106:pi\n"
                               "gpio:x:997:pi\nspi:x:999:pi\npi:x:1000:\n")
    _write(root / "etc/shadow", "root:*:19000:0:99999:7:::\npi:*:19000:0:99999:7:::\n")
    _write(root / "etc/gshadow", "root:*::\nvideo:!::pi\ninput:!::pi\nrender:!::pi\n"
                                 "gpio:!::pi\nspi:!::pi\npi:!::\n")
    _write(root / "boot/firmware/config.txt", BOOKWORM_CONFIG_TXT)
    python = root / "opt/table-companion/venv/bin/python"
    _write(python, f'#!/bin/sh\nexec "{sys.executable}" "$@"\n')
    python.chmod(0o755)
    return root


def install(root: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "INSTALL_ROOT"}
    result = subprocess.run([str(INSTALLER), "--root", str(root), "--skip", "venv", *args],
                            capture_output=True, text=True, env=env, timeout=180)
    if check:
        assert result.returncode == 0, result.stdout + result.stderr
    return result


def snapshot(root: Path) -> dict[str, tuple]:
    """Every file and directory with its mode, owner, size, modification time and link."""
    state = {}
    for path in [root, *sorted(root.rglob("*"))]:
        st = path.lstat()
        link = os.readlink(path) if path.is_symlink() else None
        state[str(path.relative_to(root))] = (st.st_mode, st.st_uid, st.st_gid, st.st_size,
                                              st.st_mtime_ns, link)
    return state


def account(root: Path, name: str) -> list[str] | None:
    for line in (root / "etc/passwd").read_text().splitlines():
        if line.split(":")[0] == name:
            return line.split(":")
    return None


def members(root: Path, group: str) -> list[str]:
    for line in (root / "etc/group").read_text().splitlines():
        fields = line.split(":")
        if fields[0] == group:
            return [m for m in fields[3].split(",") if m]
    return []


def kivy_settings(kivy_home: Path, tmp_path: Path) -> dict:
    """What Kivy itself makes of the configuration (on a copy: Kivy may rewrite it)."""
    copy = tmp_path / "kivy-copy"
    shutil.copytree(kivy_home, copy)
    probe = ("import json; from kivy.config import Config; print(json.dumps({"
             "'input': dict(Config.items('input')),"
             "'fullscreen': Config.get('graphics', 'fullscreen'),"
             "'show_cursor': Config.get('graphics', 'show_cursor'),"
             "'exit_on_escape': Config.get('kivy', 'exit_on_escape')}))")
    env = dict(os.environ, KIVY_HOME=str(copy), KIVY_NO_ARGS="1", KIVY_NO_CONSOLELOG="1",
               KIVY_NO_FILELOG="1")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                            env=env, timeout=60, check=True)
    import json

    return json.loads(result.stdout.strip().splitlines()[-1])


# --- the script itself --------------------------------------------------------------------


SCRIPTS = ["install-pi", "pi-parity", "start", "setup-venv", "test"]


@pytest.mark.parametrize("script", SCRIPTS)
def test_bash_syntax(script):
    result = subprocess.run(["bash", "-n", str(REPO / "scripts" / script)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("script", SCRIPTS)
def test_shellcheck_clean(script):
    if shutil.which("shellcheck") is None:
        pytest.skip("shellcheck is not installed (apt-get install shellcheck)")
    result = subprocess.run(["shellcheck", str(REPO / "scripts" / script)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout


def test_help_lists_the_options():
    result = subprocess.run([str(INSTALLER), "--help"], capture_output=True, text=True)
    assert result.returncode == 0
    for option in ("--uninstall", "--purge", "--dry-run", "--root", "--skip", "--venv-only"):
        assert option in result.stdout


@pytest.mark.parametrize("args, complaint", [
    (["--frobnicate"], "unknown option: --frobnicate"),
    (["--skip", "coffee"], "unknown step to skip: coffee"),
    (["--purge"], "--purge only goes with --uninstall"),
    (["--root", "/no/such/dir"], "--root: no such directory"),
])
def test_bad_options_are_refused_with_a_reason(args, complaint):
    result = subprocess.run([str(INSTALLER), *args], capture_output=True, text=True)
    assert result.returncode != 0
    assert complaint in result.stderr


# --- dry run --------------------------------------------------------------------------------


def test_dry_run_lists_packages_groups_and_changes_nothing(pi_root):
    before = snapshot(pi_root)
    out = install(pi_root, "--dry-run").stdout
    for package in ("python3-venv", "python3-picamera2", "python3-libcamera", "libcamera-ipa",
                    "python3-numpy", "python3-opencv", "python3-spidev", "libmtdev1",
                    "libsdl2-2.0-0", "libgbm1"):
        assert package in out
    assert "useradd --prefix" in out and " companion" in out
    assert r"--groups gpio\,spi\,video\,render\,input companion" in out
    assert "would set dtparam=spi=on in /boot/firmware/config.txt" in out
    assert "would write /etc/systemd/system/table-companion.service" in out
    # Nothing is claimed done that was not.
    assert "user: companion would join gpio spi video render input" in out and "in groups" not in out
    assert "service: would be enabled under" in out and "service: enabled" not in out
    assert "boot: would switch SPI and the camera on" in out and "switched on in" not in out
    assert snapshot(pi_root) == before


def test_dry_run_uninstall_says_what_it_would_remove(pi_root):
    before = snapshot(pi_root)
    out = install(pi_root, "--uninstall", "--purge", "--dry-run").stdout
    assert "would remove the referee, its configuration, its games" in out and "removed" not in out
    assert snapshot(pi_root) == before


def test_dry_run_on_this_machine_prints_apt_and_pip_commands(tmp_path):
    # Without --root: the live system is only looked at (this machine has no picamera2).
    env = {k: v for k, v in os.environ.items() if k != "INSTALL_ROOT"}
    result = subprocess.run([str(INSTALLER), "--dry-run"], capture_output=True, text=True,
                            env=env, timeout=120)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    apt = [line for line in lines if line.startswith("+ env DEBIAN_FRONTEND=noninteractive apt-get install")]
    assert apt and "python3-picamera2" in apt[0] and "python3-opencv" in apt[0]
    pip = [line for line in lines if " -m pip " in line]
    assert pip, result.stdout
    for line in pip:
        assert "numpy" not in line and "opencv" not in line
    assert any("--constraint" in line and "spidev" in line and "tomlkit" in line for line in pip)
    assert any("--constraint" in line and "kivy" in line for line in pip)
    assert "service: would be restarted" in result.stdout and "service: running" not in result.stdout


def test_venv_only_builds_an_editable_environment_on_the_os_packages(tmp_path):
    venv = tmp_path / "venv-pi"
    result = subprocess.run([str(INSTALLER), "--venv-only", str(venv), "--extras", "hardware,vision",
                             "--dry-run"], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert f"+ /usr/bin/python3 -m venv --system-site-packages {venv}" in lines
    pip = [line for line in lines if " -m pip " in line]
    assert any(line.endswith(f"install --no-deps --editable {REPO}") for line in pip)
    assert not any("kivy" in line or "numpy" in line or "opencv" in line for line in pip)
    assert "numpy==" in result.stdout and "opencv-python-headless<0" in result.stdout
    assert not venv.exists()


def _installed(package: str) -> bool:
    result = subprocess.run(["dpkg-query", "-W", "-f=${Status}", package], capture_output=True, text=True)
    return result.stdout.endswith("install ok installed")


@pytest.mark.skipif(shutil.which("dpkg-query") is None, reason="not a Debian system")
def test_missing_packages_lists_exactly_the_needed_ones_not_installed():
    result = subprocess.run([str(INSTALLER), "--missing-packages"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    missing = result.stdout.split()
    assert all(not _installed(package) for package in missing)
    for package in ("python3-picamera2", "python3-numpy", "python3-opencv", "libmtdev1"):
        assert (package in missing) == (not _installed(package))


def test_pi_parity_off_debian_12_says_loudly_that_it_did_not_run(tmp_path):
    os_release = tmp_path / "os-release"
    os_release.write_text('PRETTY_NAME="Debian GNU/Linux 13 (trixie)"\nVERSION_CODENAME=trixie\n')
    result = subprocess.run([str(REPO / "scripts" / "pi-parity")], capture_output=True, text=True, timeout=60,
                            env=dict(os.environ, PI_PARITY_OS_RELEASE=str(os_release)))
    assert result.returncode == 0  # not a failure of the code under test
    assert "WARNING: NOT RUN" in result.stderr and "trixie" in result.stderr
    assert result.stdout == ""  # nothing installed, nothing run


# --- scripts/start --------------------------------------------------------------------------

STUB_INSTALLER = """#!/bin/sh
echo "install-pi $*" >>"$LOG"
if [ "$1" = --missing-packages ]; then for p in $MISSING; do echo "$p"; done; exit 0; fi
mkdir -p "$2/bin"
printf '#!/bin/sh\\necho "%s $*" >>"$LOG"\\n' "$2/bin/companion" >"$2/bin/companion"
chmod +x "$2/bin/companion"
"""
STUB_SETUP_VENV = """#!/bin/sh
echo "setup-venv $*" >>"$LOG"
mkdir -p .venv/bin
printf '#!/bin/sh\\necho ".venv/bin/companion $*" >>"$LOG"\\n' >.venv/bin/companion
chmod +x .venv/bin/companion
"""


@pytest.fixture
def checkout(tmp_path) -> Path:
    """scripts/start in a checkout whose installer and setup-venv only log their calls."""
    tree = tmp_path / "checkout"
    (tree / "scripts").mkdir(parents=True)
    shutil.copy(REPO / "scripts" / "start", tree / "scripts" / "start")
    for name, text in (("install-pi", STUB_INSTALLER), ("setup-venv", STUB_SETUP_VENV)):
        (tree / "scripts" / name).write_text(text)
        (tree / "scripts" / name).chmod(0o755)
    return tree


def start(checkout: Path, model: str | None, missing: str = "",
          *args: str) -> tuple[subprocess.CompletedProcess, list[str]]:
    model_file = checkout.parent / "model"
    if model is not None:
        model_file.write_bytes(model.encode() + b"\0")
    log = checkout.parent / "log"
    env = dict(os.environ, LOG=str(log), MISSING=missing, TABLE_COMPANION_MODEL_FILE=str(model_file))
    result = subprocess.run([str(checkout / "scripts" / "start"), *args], capture_output=True, text=True,
                            env=env, timeout=60)
    return result, log.read_text().splitlines() if log.exists() else []


def test_start_on_a_pi_uses_an_environment_on_the_os_packages(checkout):
    result, calls = start(checkout, "Raspberry Pi 4 Model B Rev 1.5", "", "--lang", "fr")
    assert result.returncode == 0, result.stderr
    assert calls == ["install-pi --missing-packages", "install-pi --venv-only .venv-os",
                     ".venv-os/bin/companion --lang fr"]  # real hardware, no plain venv, no PyPI numpy


def test_start_on_a_pi_without_the_os_packages_points_at_the_installer(checkout):
    result, calls = start(checkout, "Raspberry Pi 5 Model B Rev 1.0", "python3-picamera2 python3-opencv")
    assert result.returncode == 1
    assert calls == ["install-pi --missing-packages"]
    assert "python3-picamera2 python3-opencv" in result.stderr and "sudo scripts/install-pi" in result.stderr


def test_start_elsewhere_simulates_the_hardware(checkout):
    result, calls = start(checkout, None)
    assert result.returncode == 0, result.stderr
    assert calls == ["setup-venv all", ".venv/bin/companion --simulate"]


# --- scripts/setup-venv and scripts/test: what building the venv needs ----------------------


def _bin(tmp_path: Path, tools: dict[str, str]) -> Path:
    """A directory for $PATH: ``{name: target}`` symlinks (a target starting with ``#!`` is
    written as a script instead)."""
    folder = tmp_path / "bin"
    folder.mkdir(exist_ok=True)
    for name, target in tools.items():
        if target.startswith("#!"):
            (folder / name).write_text(target)
            (folder / name).chmod(0o755)
        else:
            (folder / name).symlink_to(target)
    return folder


def test_setup_venv_without_a_compiler_says_what_to_install_and_builds_nothing(tmp_path):
    tree = tmp_path / "checkout"
    (tree / "scripts").mkdir(parents=True)
    shutil.copy(REPO / "scripts" / "setup-venv", tree / "scripts" / "setup-venv")
    shutil.copy(REPO / "pyproject.toml", tree / "pyproject.toml")
    path = _bin(tmp_path, {name: shutil.which(name) for name in ("bash", "dirname")} | {"python3": sys.executable})
    env = dict(os.environ, PATH=str(path))
    listed = subprocess.run([str(tree / "scripts" / "setup-venv"), "--missing-packages"], capture_output=True,
                            text=True, env=env, timeout=60)
    assert listed.returncode == 0 and "build-essential" in listed.stdout.split()
    result = subprocess.run([str(tree / "scripts" / "setup-venv"), "test"], capture_output=True, text=True,
                            env=env, timeout=60)
    assert result.returncode == 1
    assert "needs a C compiler" in result.stderr and "sudo apt-get install build-essential" in result.stderr
    assert not (tree / ".venv").exists()


@pytest.mark.skipif(shutil.which("cc") is None, reason="no C compiler here")
def test_setup_venv_with_a_compiler_needs_nothing_more():
    result = subprocess.run([str(REPO / "scripts" / "setup-venv"), "--missing-packages"], capture_output=True,
                            text=True, env=dict(os.environ, PYTHON=sys.executable), timeout=60)
    assert result.returncode == 0 and "build-essential" not in result.stdout


def test_scripts_test_installs_the_build_tools_the_venv_needs(tmp_path):
    tree = tmp_path / "checkout"
    (tree / "scripts").mkdir(parents=True)
    shutil.copy(REPO / "scripts" / "test", tree / "scripts" / "test")
    log = tmp_path / "log"
    stub_setup = ('#!/bin/sh\nif [ "$1" = --missing-packages ]; then echo build-essential; echo python3-dev; '
                  'exit 0; fi\necho "setup-venv $*" >>"$LOG"; exit 3\n')
    (tree / "scripts" / "setup-venv").write_text(stub_setup)
    (tree / "scripts" / "setup-venv").chmod(0o755)
    logging = '#!/bin/sh\necho "$(basename "$0") $*" >>"$LOG"\n'
    path = _bin(tmp_path, {"apt-get": logging, "sudo": '#!/bin/sh\n[ "$1" = -n ] && shift\nexec "$@"\n',
                           "dpkg": "#!/bin/sh\nexit 0\n", **{tool: "#!/bin/sh\nexit 0\n" for tool in (
                               "xvfb-run", "msgfmt", "systemd-analyze", "shellcheck")}})
    env = dict(os.environ, PATH=f"{path}:/usr/bin:/bin", LOG=str(log))
    result = subprocess.run([str(tree / "scripts" / "test")], capture_output=True, text=True, env=env, timeout=60)
    assert result.returncode == 1
    calls = log.read_text().splitlines()
    installs = [line for line in calls if line.startswith("apt-get install")]
    assert installs and installs[0].split()[-2:] == ["build-essential", "python3-dev"]
    assert calls[-1] == "setup-venv test"  # after the packages, before any test


# --- installing into a root -----------------------------------------------------------------


@needs_root
def test_install_writes_unit_config_and_kiosk_settings(pi_root, tmp_path):
    out = install(pi_root).stdout
    assert "user: companion in groups gpio spi video render input" in out
    user = account(pi_root, "companion")
    assert user is not None and user[5] == "/var/lib/table-companion" and user[6] == "/usr/sbin/nologin"
    for group in GROUPS:
        assert "companion" in members(pi_root, group)

    unit = pi_root / "etc/systemd/system/table-companion.service"
    assert unit.read_text() == (REPO / "systemd/table-companion.service").read_text()
    wants = pi_root / "etc/systemd/system/multi-user.target.wants/table-companion.service"
    assert os.readlink(wants) == "/etc/systemd/system/table-companion.service"

    config = pi_root / "etc/table-companion/config.toml"
    assert config.read_text() == (REPO / "config.example.toml").read_text()
    assert oct(config.stat().st_mode & 0o777) == "0o660"
    assert config.parent.stat().st_gid == int(user[3])

    boot = (pi_root / "boot/firmware/config.txt").read_text().splitlines()
    assert "dtparam=spi=on" in boot and "#dtparam=spi=on" not in boot
    assert boot.count("camera_auto_detect=1") == 1

    kivy_home = pi_root / "var/lib/table-companion/kivy"
    kivy_config = kivy_home / "config.ini"
    assert kivy_config.stat().st_uid == int(user[2])
    assert oct(kivy_config.stat().st_mode & 0o777) == "0o600"
    settings = kivy_settings(kivy_home, tmp_path)
    assert settings["fullscreen"] == "auto"
    assert settings["show_cursor"] == "0"
    assert settings["exit_on_escape"] == "0"
    touch_readers = [v for v in settings["input"].values() if v.startswith("probesysfs")]
    assert touch_readers == ["probesysfs,provider=mtdev"]


@needs_root
def test_second_run_changes_nothing(pi_root):
    install(pi_root)
    before = snapshot(pi_root)
    out = install(pi_root).stdout
    assert snapshot(pi_root) == before
    assert "wrote" not in out and "\n+ " not in out
    assert "SPI and camera already on" in out


@needs_root
def test_an_edited_configuration_is_kept(pi_root):
    config = pi_root / "etc/table-companion/config.toml"
    _write(config, '[app]\nlanguage = "fr"\n')
    install(pi_root)
    assert config.read_text() == '[app]\nlanguage = "fr"\n'


@needs_root
def test_kiosk_settings_replace_duplicate_touch_readers_and_keep_the_rest(pi_root, tmp_path):
    # Kivy's own configuration, then Kivy's Raspberry Pi advice followed by hand.
    kivy_home = pi_root / "var/lib/table-companion/kivy"
    kivy_home.mkdir(parents=True)
    edit = ("from kivy.config import Config\n"
            "Config.set('graphics', 'rotation', '180')\n"
            "Config.set('input', 'mtdev_%(name)s', 'probesysfs,provider=mtdev')\n"
            "Config.set('input', 'hid_%(name)s', 'probesysfs,provider=hidinput')\n"
            "Config.write()\n")
    env = dict(os.environ, KIVY_HOME=str(kivy_home), KIVY_NO_ARGS="1", KIVY_NO_CONSOLELOG="1")
    subprocess.run([sys.executable, "-c", edit], env=env, check=True, timeout=60)
    assert "hid_%(name)s" in (kivy_home / "config.ini").read_text()
    install(pi_root)
    settings = kivy_settings(pi_root / "var/lib/table-companion/kivy", tmp_path)
    assert settings["input"] == {"mouse": "mouse,disable_on_activity",
                                 "%(name)s": "probesysfs,provider=mtdev"}
    assert settings["fullscreen"] == "auto" and settings["exit_on_escape"] == "0"
    text = (pi_root / "var/lib/table-companion/kivy/config.ini").read_text()
    assert "rotation = 180" in text


@needs_root
def test_boot_settings_go_in_an_all_section(pi_root):
    boot = pi_root / "boot/firmware/config.txt"
    boot.write_text("dtoverlay=vc4-kms-v3d\n\n[cm4]\notg_mode=1\n")
    install(pi_root)
    assert boot.read_text().splitlines()[-3:] == ["[all]", "dtparam=spi=on", "camera_auto_detect=1"]


@needs_root
def test_older_boot_partition_layout(pi_root):
    (pi_root / "boot/firmware/config.txt").unlink()
    _write(pi_root / "boot/config.txt", "camera_auto_detect=0\n")
    install(pi_root)
    assert (pi_root / "boot/config.txt").read_text().splitlines() == ["camera_auto_detect=1", "[all]",
                                                                     "dtparam=spi=on"]


@needs_root
def test_a_desktop_gives_way_to_console_boot(pi_root):
    units = pi_root / "lib/systemd/system"
    units.mkdir(parents=True)
    for target in ("graphical.target", "multi-user.target"):
        shutil.copy(Path("/lib/systemd/system") / target, units / target)
    default = pi_root / "etc/systemd/system/default.target"
    default.parent.mkdir(parents=True)
    default.symlink_to("/lib/systemd/system/graphical.target")
    out = install(pi_root).stdout
    assert os.readlink(default) == "/lib/systemd/system/multi-user.target"
    assert "set-default graphical.target brings it back" in out


@needs_root
def test_not_a_pi_leaves_boot_alone(pi_root):
    shutil.rmtree(pi_root / "boot")
    out = install(pi_root).stdout
    assert "not a Raspberry Pi" in out
    assert not (pi_root / "boot").exists()


@needs_root
def test_uninstall_keeps_the_games_and_purge_removes_everything(pi_root):
    install(pi_root)
    games = pi_root / "var/lib/table-companion/games.sqlite3"
    games.write_bytes(b"SQLite format 3\0")
    out = install(pi_root, "--uninstall").stdout
    assert "kept /etc/table-companion" in out
    assert not (pi_root / "etc/systemd/system/table-companion.service").exists()
    assert not (pi_root / "etc/systemd/system/multi-user.target.wants/table-companion.service").exists()
    assert not (pi_root / "opt/table-companion").exists()
    assert games.exists() and (pi_root / "etc/table-companion/config.toml").exists()
    assert account(pi_root, "companion") is not None

    install(pi_root, "--uninstall")  # again: nothing left to remove, no error
    install(pi_root, "--uninstall", "--purge")
    assert not (pi_root / "var/lib/table-companion").exists()
    assert not (pi_root / "etc/table-companion").exists()
    assert account(pi_root, "companion") is None
    assert all("companion" not in members(pi_root, group) for group in GROUPS)
    assert "companion:" not in (pi_root / "etc/group").read_text()
    assert "pi" in members(pi_root, "gpio")
