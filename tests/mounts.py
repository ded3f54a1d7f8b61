"""Real file-system faults for the storage tests.

A tiny tmpfs that fills up, read-only remounts, and an ext4 image on a loop
device whose writes can be cut off the way a power cut cuts them: the kernel's
ext4 shutdown ioctl without flushing the log (what xfstests' ``godown`` does),
after which everything not yet synced is gone and the file system refuses
writes; unmounting and mounting again replays its journal as a reboot would.

All of it needs root and the right to mount (CI runs as root in a sandbox that
allows both); ``mount_refusal()`` says why not where it is missing, and the
tests skip with that reason.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import struct
import subprocess
from collections.abc import Iterator
from functools import cache
from pathlib import Path

# linux/fs.h: FS_IOC_SHUTDOWN = _IOR('X', 125, __u32); ext4 and xfs take it.
FS_IOC_SHUTDOWN = 0x8004587D
SHUTDOWN_NOLOGFLUSH = 2  # drop what is not on disk: neither the log nor data is flushed


def _run(*cmd: str) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, capture_output=True, text=True, check=False)


@cache
def mount_refusal() -> str | None:
    """None when tmpfs mounts work here, else why not."""
    if os.geteuid() != 0:
        return "needs root to mount a file system"
    probe = Path(f"/tmp/keystand-mount-probe-{os.getpid()}")
    probe.mkdir(exist_ok=True)
    try:
        done = _run("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(probe))
        if done.returncode:
            return f"mount refused: {done.stderr.strip()}"
        _run("umount", str(probe))
    finally:
        probe.rmdir()
    return None


@cache
def loop_refusal() -> str | None:
    """None when an ext4 image can be loop-mounted and shut down here, else why not."""
    refusal = mount_refusal()
    if refusal:
        return refusal
    if shutil.which("mkfs.ext4") is None:
        return "mkfs.ext4 not installed (Debian: e2fsprogs)"
    base = Path(f"/tmp/keystand-loop-probe-{os.getpid()}")
    base.mkdir(exist_ok=True)
    try:
        with ext4_image(base, size_mb=4) as mnt:
            cut_power(mnt)
    except (OSError, subprocess.CalledProcessError, RuntimeError) as exc:
        return f"loop-mounted ext4 not available: {exc}"
    finally:
        shutil.rmtree(base, ignore_errors=True)
    return None


@contextlib.contextmanager
def tmpfs(path: Path, size: str = "256k") -> Iterator[Path]:
    """A tmpfs of ``size`` mounted at ``path`` (created) for the block."""
    path.mkdir(parents=True, exist_ok=True)
    done = _run("mount", "-t", "tmpfs", "-o", f"size={size},mode=0755", "tmpfs", str(path))
    if done.returncode:
        raise RuntimeError(f"mount tmpfs at {path}: {done.stderr.strip()}")
    try:
        yield path
    finally:
        _run("umount", "-l", str(path))


def remount(path: Path, *, read_only: bool) -> None:
    """Make the file system mounted at ``path`` read-only or writable again."""
    done = _run("mount", "-o", f"remount,{'ro' if read_only else 'rw'}", str(path))
    if done.returncode:
        raise RuntimeError(f"remount {path}: {done.stderr.strip()}")


def fill(folder: Path) -> Path:
    """A file that takes every free byte of ``folder``'s file system."""
    filler = folder / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o644)
    try:
        block = b"\0" * 4096
        with contextlib.suppress(OSError):
            while True:
                os.write(fd, block)
        with contextlib.suppress(OSError):
            while True:
                os.write(fd, b"\0")
    finally:
        os.close(fd)
    return filler


@contextlib.contextmanager
def ext4_image(base: Path, size_mb: int = 16) -> Iterator[Path]:
    """An ext4 file system in ``base/disk.img``, loop-mounted at ``base/mnt``."""
    image, mnt = base / "disk.img", base / "mnt"
    if not image.exists():
        with image.open("wb") as f:
            f.truncate(size_mb * 1024 * 1024)
        subprocess.run(["mkfs.ext4", "-q", "-F", str(image)], check=True, capture_output=True)
    mnt.mkdir(exist_ok=True)
    # A loop device of our own, not `mount -o loop`: the kernel finds a file system
    # by its block device, and a device the last mount still held (a mount
    # namespace another process copied keeps it alive) would hand back the old,
    # shut-down file system instead of replaying the image's journal.
    attach = _run("losetup", "--find", "--show", str(image))
    if attach.returncode:
        raise RuntimeError(f"losetup {image}: {attach.stderr.strip()}")
    loop = attach.stdout.strip()
    try:
        done = _run("mount", loop, str(mnt))
        if done.returncode:
            raise RuntimeError(f"mount {loop} ({image}): {done.stderr.strip()}")
        if "shutdown" in _options(mnt):  # the last mount's file system, not a fresh one
            _run("umount", str(mnt))
            raise RuntimeError(f"{image} came up still shut down: the last mount was not released")
        if os.statvfs(mnt).f_flag & os.ST_RDONLY:
            _run("umount", str(mnt))
            raise RuntimeError(f"{image} came up read-only after the cut (file system errors)")
        try:
            yield mnt
        finally:
            done = _run("umount", str(mnt))
            if done.returncode:  # something still has a file open there: a harness fault
                _run("umount", "-l", str(mnt))
                raise RuntimeError(f"umount {mnt}: {done.stderr.strip()}")
    finally:
        _run("losetup", "-d", loop)


def _options(mnt: Path) -> list[str]:
    """The mount options of ``mnt`` as /proc/self/mountinfo lists them."""
    target = str(mnt.resolve())
    for line in Path("/proc/self/mountinfo").read_text().splitlines():
        fields = line.split()
        if fields[4] == target:
            found = fields[5].split(",")
            if " - " in line:
                found += line.split(" - ", 1)[1].split()[2].split(",")
            return found
    return []


def cut_power(mnt: Path) -> None:
    """Everything not yet synced to the image is lost, as in a power cut; the file
    system refuses writes until it is mounted again."""
    fd = os.open(mnt, os.O_RDONLY)
    try:
        fcntl.ioctl(fd, FS_IOC_SHUTDOWN, struct.pack("I", SHUTDOWN_NOLOGFLUSH))
    finally:
        os.close(fd)
