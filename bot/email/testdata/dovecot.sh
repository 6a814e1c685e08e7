#!/usr/bin/env bash
# A Dovecot for the e-mail transport's integration test: IMAP and LMTP on
# loopback, run by an unprivileged user, everything under one directory.
#
#   dovecot.sh start DIR   installs Dovecot if missing (Debian's
#                          dovecot-imapd and dovecot-lmtpd), writes a
#                          config in DIR, starts it, and prints
#                          UMPIRE_DOVECOT=imap+plain://127.0.0.1:PORT/?lmtp=127.0.0.1:PORT
#                          for the test (eval it, then export it)
#   dovecot.sh stop DIR    stops it
#
# Users (password dovecot-test): umpire@example.net, alice@example.org,
# bob@example.com, mallory@evil.example. Mail to user+anything@domain is
# delivered to user@domain. Ports: IMAP 14143 and LMTP 14024 unless
# DOVECOT_IMAP_PORT / DOVECOT_LMTP_PORT say otherwise.
set -euo pipefail

cmd=${1:?usage: dovecot.sh start|stop DIR}
dir=${2:?usage: dovecot.sh start|stop DIR}
imap_port=${DOVECOT_IMAP_PORT:-14143}
lmtp_port=${DOVECOT_LMTP_PORT:-14024}
password=dovecot-test
users="umpire@example.net alice@example.org bob@example.com mallory@evil.example"

# as_user runs a command as the unprivileged user that runs Dovecot: this
# user when not root, else nobody.
if [ "$(id -u)" = 0 ]; then
	run_user=nobody
	as_user() { runuser -u nobody -- "$@"; }
else
	run_user=$(id -un)
	as_user() { "$@"; }
fi

install() {
	if command -v dovecot >/dev/null && [ -x /usr/lib/dovecot/imap ] && [ -x /usr/lib/dovecot/lmtp ]; then
		return
	fi
	if [ "$(id -u)" != 0 ]; then
		echo "dovecot.sh: Dovecot is not installed; run as root, or: apt-get install dovecot-imapd dovecot-lmtpd" >&2
		exit 1
	fi
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends dovecot-imapd dovecot-lmtpd >/dev/null
}

configure() {
	local uid gid group
	uid=$(id -u "$run_user")
	gid=$(id -g "$run_user")
	group=$(id -gn "$run_user")
	mkdir -p "$dir/run" "$dir/mail" "$dir/home"
	: >"$dir/passwd"
	for u in $users; do
		echo "$u:{PLAIN}$password::::::" >>"$dir/passwd"
	done
	cat >"$dir/dovecot.conf" <<EOF
# Written by bot/email/testdata/dovecot.sh: a test server, loopback only.
base_dir = $dir/run
state_dir = $dir/state
instance_name = umpire-test-$imap_port
log_path = $dir/dovecot.log
protocols = imap lmtp
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = $run_user
default_internal_group = $group
default_login_user = $run_user
first_valid_uid = $uid
last_valid_uid = $uid
first_valid_gid = $gid
last_valid_gid = $gid
mail_location = maildir:$dir/mail/%u
recipient_delimiter = +
lmtp_save_to_detail_mailbox = no
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%Lu $dir/passwd
}
userdb {
  driver = static
  args = uid=$uid gid=$gid home=$dir/home/%Lu
}
protocol lmtp {
  auth_username_format = %Lu
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = $imap_port
  }
  inet_listener imaps {
    port = 0
  }
}
service lmtp {
  inet_listener lmtp {
    address = 127.0.0.1
    port = $lmtp_port
  }
}
service anvil {
  chroot =
}
service auth {
  user = $run_user
}
service auth-worker {
  user = $run_user
}
service imap-urlauth-login {
  chroot =
}
service pop3-login {
  chroot =
}
service submission-login {
  chroot =
}
service managesieve-login {
  chroot =
}
EOF
	chown -R "$run_user:$group" "$dir"
	chmod 0700 "$dir"
}

# wait_port waits until something listens on a loopback port.
wait_port() {
	for _ in $(seq 100); do
		if (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; then
			return 0
		fi
		sleep 0.1
	done
	echo "dovecot.sh: nothing listens on port $1; the log says:" >&2
	cat "$dir/dovecot.log" >&2 || true
	exit 1
}

case $cmd in
start)
	install
	mkdir -p "$dir"
	if ! as_user test -x "$dir/.."; then
		echo "dovecot.sh: $run_user cannot reach $dir: give a directory whose parents it may enter (chmod 0755 the parent of a mktemp -d)" >&2
		exit 1
	fi
	configure
	as_user /usr/sbin/dovecot -c "$dir/dovecot.conf"
	wait_port "$imap_port"
	wait_port "$lmtp_port"
	echo "UMPIRE_DOVECOT=imap+plain://127.0.0.1:$imap_port/?lmtp=127.0.0.1:$lmtp_port"
	;;
stop)
	if [ -f "$dir/dovecot.conf" ]; then
		as_user /usr/sbin/dovecot -c "$dir/dovecot.conf" stop 2>/dev/null || true
	fi
	;;
*)
	echo "usage: dovecot.sh start|stop DIR" >&2
	exit 2
	;;
esac
