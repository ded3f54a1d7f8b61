# Sourced by scripts/test and scripts/simulate: install Debian packages that are
# missing, with sudo unless already root.
#
#   apt_install PACKAGE...   (does nothing when given none)

# ldconfig, mkfs.ext4 and debootstrap live in sbin, which a normal user's PATH
# leaves out: without it every run would think them missing and call sudo again.
PATH="$PATH:/usr/sbin:/sbin"

apt_install() {
    [ $# -gt 0 ] || return 0
    local sudo_=""
    [ "$(id -u)" -eq 0 ] || sudo_="sudo"
    echo "installing Debian packages: $*" >&2
    # sudo resets the environment, so DEBIAN_FRONTEND goes through env: debconf
    # must never stop to ask a question (this runs in CI without a terminal).
    $sudo_ env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 update -qq
    $sudo_ env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 \
        install -y -qq "$@"
}

# The panels' 8x8 font, found by the path the screens load it from
# (firmware_host/keystand/screens/fonts.py), not by fc-list, which a machine
# without fontconfig lacks.
have_misaki() {
    [ -f /usr/share/fonts/truetype/misaki/misaki_gothic_2nd.ttf ] ||
        [ -f /usr/share/fonts/truetype/misaki/misaki_gothic.ttf ]
}
