#!/usr/bin/env bash
# Runs a program under the same seccomp rules as systemd's MemoryDenyWriteExecute=yes, to check that it works
# with that setting before it reaches a server.
#
# Usage: Deploy/check-mdwe.sh PROGRAM [ARGS...]
#   e.g. Deploy/check-mdwe.sh .build/debug/hearthPackageTests.xctest --testing-library swift-testing
#        Deploy/check-mdwe.sh .build/release/hearth serve --port 18080
#
# The rules (systemd's seccomp_memory_deny_write_execute, x86-64 and arm64) are installed before exec, so the
# dynamic loader and every library run under them, as they would under systemd:
#   mmap with PROT_WRITE|PROT_EXEC, mprotect/pkey_mprotect with PROT_EXEC, shmat with SHM_EXEC.
# By default such calls fail with EPERM, as under systemd; MDWE_ACTION=kill kills the process with SIGSYS
# instead, which also exposes attempts a program would silently survive.
# Needs a C compiler (cc). Exit status is the program's.
#
# Deploy/check-mdwe.sh --build-only DIR  compiles the wrapper to DIR/mdwe-exec and exits, for scripts that start a
# long-running program in the background and want its PID (mdwe-exec execs the program, so the PID is the same).
set -euo pipefail

if [[ $# -lt 1 ]] || [[ "$1" == "--build-only" && $# -ne 2 ]]; then
    echo "usage: $0 PROGRAM [ARGS...] | $0 --build-only DIR" >&2
    exit 2
fi

workdir="$(mktemp -d)"
trap 'rm -rf "$workdir"' EXIT

cat >"$workdir/mdwe-exec.c" <<'C'
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/shm.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(__x86_64__)
#define ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define ARCH AUDIT_ARCH_AARCH64
#else
#error "only x86-64 and arm64"
#endif

#define ARG_LO(i) (offsetof(struct seccomp_data, args) + 8 * (i))

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: mdwe-exec PROGRAM [ARGS...]\n");
        return 2;
    }
    const char *action = getenv("MDWE_ACTION");
    unsigned deny = (action && strcmp(action, "kill") == 0) ? SECCOMP_RET_KILL_PROCESS
                                                            : (SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA));
    struct sock_filter filter[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, ARCH, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_mmap, 4, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_mprotect, 6, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_pkey_mprotect, 5, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_shmat, 8, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        /* mmap: deny PROT_WRITE|PROT_EXEC together */
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, ARG_LO(2)),
        BPF_STMT(BPF_ALU | BPF_AND | BPF_K, PROT_WRITE | PROT_EXEC),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, PROT_WRITE | PROT_EXEC, 8, 7),
        /* mprotect, pkey_mprotect: deny adding PROT_EXEC */
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, ARG_LO(2)),
        BPF_STMT(BPF_ALU | BPF_AND | BPF_K, PROT_EXEC),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, PROT_EXEC, 5, 4),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        /* shmat: deny SHM_EXEC */
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, ARG_LO(2)),
        BPF_STMT(BPF_ALU | BPF_AND | BPF_K, SHM_EXEC),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SHM_EXEC, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        BPF_STMT(BPF_RET | BPF_K, deny),
    };
    struct sock_fprog program = {.len = sizeof filter / sizeof filter[0], .filter = filter};
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 ||
        prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program) != 0) {
        perror("mdwe-exec: installing the seccomp filter");
        return 125;
    }
    execvp(argv[1], argv + 1);
    perror("mdwe-exec: exec");
    return 127;
}
C
cc -O2 -Wall -Wextra -Werror -o "$workdir/mdwe-exec" "$workdir/mdwe-exec.c"

# Self-test: the filter must refuse a writable+executable mapping, or a pass below would mean nothing.
cat >"$workdir/wx.c" <<'C'
#include <stdio.h>
#include <sys/mman.h>
int main(void) {
    void *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) { puts("refused"); return 0; }
    puts("allowed");
    return 1;
}
C
cc -O2 -o "$workdir/wx" "$workdir/wx.c"
if [[ "$("$workdir/wx")" != "allowed" ]] || [[ "$(MDWE_ACTION= "$workdir/mdwe-exec" "$workdir/wx")" != "refused" ]]; then
    echo "check-mdwe: self-test failed: the filter does not behave like MemoryDenyWriteExecute" >&2
    exit 1
fi

if [[ "$1" == "--build-only" ]]; then
    mkdir -p "$2"
    cp "$workdir/mdwe-exec" "$2/mdwe-exec"
    echo "check-mdwe: built $2/mdwe-exec" >&2
    exit 0
fi

set +e
"$workdir/mdwe-exec" "$@"
status=$?
set -e
echo "check-mdwe: $1 exited with status $status under MemoryDenyWriteExecute rules" >&2
exit "$status"
