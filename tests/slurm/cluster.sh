#!/usr/bin/env bash
# cluster.sh: a one-node Slurm cluster on this machine, for tests and for trying
# `make regress ENGINE=slurm` (docs/regress.md). Debian's munged, slurmctld and slurmd (`make deps`),
# a generated slurm.conf, every file in DIR, loopback only, free ports picked at start, as root or
# not (daemons and jobs run as the user who starts it).
#
#   tests/slurm/cluster.sh start DIR [CPUS]   start (CPUS: the node's CPUs, default: nproc), then
#                                             export SLURM_CONF=DIR/slurm.conf to use it
#   tests/slurm/cluster.sh stop DIR           cancel its jobs, stop its daemons, end its leftovers
#
# Sourced, it defines cluster_start and cluster_stop. cluster_start starts a watcher too: when the
# process that started the cluster is gone (even killed with SIGKILL, when no trap runs), the watcher
# stops the cluster. Exit status of start: 0 when the node is idle and takes jobs, else 1 with the
# daemons' logs.

cluster_die() { echo "cluster.sh: $*" >&2; return 1; }

# a port nothing listens on, below Linux's ephemeral range (32768-) so no outgoing connection holds it
cluster_free_port() {
  local p
  for _ in $(seq 200); do
    p=$((20000 + RANDOM % 12000))
    [ "$p" != "${1:-}" ] && ! (exec 3<> "/dev/tcp/127.0.0.1/$p") 2> /dev/null && { echo "$p"; return 0; }
  done
  return 1
}

cluster_logs() {
  local d=$1 f
  for f in "$d"/log/*; do [ -s "$f" ] && { echo "--- $f"; tail -n 15 "$f"; }; done
}

# cluster_start DIR [CPUS] [OWNER_PID] [rm]: with "rm", the watcher removes DIR after stopping the
# cluster (a test's temporary directory)
cluster_start() {
  local d=$1 cpus=${2:-$(nproc)} owner=${3:-$PPID} rm=${4:-} p host user ctld_port slurmd_port
  for p in munged mungekey slurmctld slurmd sbatch squeue scancel sinfo; do
    command -v "$p" > /dev/null || PATH=$PATH:/usr/sbin:/sbin command -v "$p" > /dev/null \
      || { cluster_die "$p not found: install Slurm and MUNGE (make deps: slurmctld slurmd slurm-client munge)"; return 1; }
  done
  export PATH=$PATH:/usr/sbin:/sbin
  mkdir -p "$d" && d=$(cd "$d" && pwd) || { cluster_die "cannot make $d"; return 1; }
  [ ${#d} -le 80 ] || { cluster_die "$d: too long for a socket path (80 characters at most)"; return 1; }
  cluster_stop "$d"        # one cluster per directory
  rm -rf "${d:?}"/{key,munge,state,spool,log} "$d"/*.pid
  mkdir -p "$d"/{key,munge,state,spool,log}
  # munged wants its key private and every directory above its socket searchable by all
  chmod 755 "$d" "$d/munge" && chmod 700 "$d/key"
  host=$(hostname -s) user=$(id -un)
  ctld_port=$(cluster_free_port) && slurmd_port=$(cluster_free_port "$ctld_port") \
    || { cluster_die "no free port on 127.0.0.1"; return 1; }
  mungekey -c -k "$d/key/munge.key" || { cluster_die "mungekey failed"; return 1; }
  export SLURM_CONF=$d/slurm.conf
  cat > "$d/slurm.conf" <<EOF
# one-node test cluster written by tests/slurm/cluster.sh
ClusterName=ttcosim
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=$user
SlurmdUser=$user
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$d/munge/munge.sock
StateSaveLocation=$d/state
SlurmdSpoolDir=$d/spool
SlurmctldPidFile=$d/slurmctld.pid
SlurmdPidFile=$d/slurmd.pid
SlurmctldLogFile=$d/log/slurmctld.log
SlurmdLogFile=$d/log/slurmd.log
MailProg=/bin/true
MpiDefault=none
ProctrackType=proctrack/pgid
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/builtin
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
ReturnToService=2
MinJobAge=600
# the node as configured, whatever the hardware says (a CPU count or memory above it would drain it)
SlurmdParameters=config_overrides
KillWait=5
NodeName=$host NodeHostname=$host NodeAddr=127.0.0.1 CPUs=$cpus Sockets=1 CoresPerSocket=$cpus ThreadsPerCore=1 RealMemory=1000 State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
  # the daemons (and the slurmstepd they start) carry TTCOSIM_SLURM_CLUSTER=DIR, the jobs SLURM_CONF and
  # SLURM_JOB_ID: cluster_stop finds what is left of this cluster, and only of this one, by them
  local mark="TTCOSIM_SLURM_CLUSTER=$d"
  env "$mark" munged -F --key-file="$d/key/munge.key" --socket="$d/munge/munge.sock" --pid-file="$d/munge/munged.pid" \
    --seed-file="$d/munge/munged.seed" --log-file="$d/log/munged.log" > "$d/log/munged.out" 2>&1 &
  echo $! > "$d/munged.pid"
  for _ in $(seq 50); do [ -S "$d/munge/munge.sock" ] && break; sleep 0.1; done
  [ -S "$d/munge/munge.sock" ] || { cluster_die "munged did not start"; cluster_logs "$d" >&2; return 1; }
  env "$mark" slurmctld -D -f "$d/slurm.conf" > "$d/log/slurmctld.out" 2>&1 &
  echo $! > "$d/ctld.pid"
  env "$mark" slurmd -D -f "$d/slurm.conf" > "$d/log/slurmd.out" 2>&1 &
  echo $! > "$d/slurmd.pid.own"
  # the watcher: its own session, so a signal to the test's process group does not end it first
  setsid bash -c 'while kill -0 "$1" 2>/dev/null; do sleep 1; done; . "$2"; cluster_stop "$3"
                 [ "$4" = rm ] && rm -rf "$3"' \
    cluster-watch "$owner" "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/cluster.sh" "$d" "$rm" > /dev/null 2>&1 < /dev/null &
  echo $! > "$d/watch.pid"
  local state=""
  for _ in $(seq 150); do
    state=$(sinfo -h -o %T 2>/dev/null)
    [ "$state" = idle ] && return 0
    sleep 0.2
  done
  cluster_die "the node did not come up idle in 30 s (sinfo: '${state:-no answer}'); the daemons' logs:"
  cluster_logs "$d" >&2
  return 1
}

# the processes of this cluster: its daemons and slurmstepd (marked), its jobs (SLURM_CONF and a job id)
cluster_pids() {
  local f
  { grep -lszxF "TTCOSIM_SLURM_CLUSTER=$1" /proc/[0-9]*/environ
    for f in $(grep -lszxF "SLURM_CONF=$1/slurm.conf" /proc/[0-9]*/environ); do
      grep -qsz '^SLURM_JOB_ID=' "$f" && echo "$f"
    done; } | sed 's|^/proc/\([0-9]*\)/environ$|\1|'
}

# cluster_stop DIR: idempotent; cancels the jobs, stops the daemons, ends what is left
cluster_stop() {
  local d=$1 f p left
  [ -f "$d/slurm.conf" ] || return 0
  export PATH=$PATH:/usr/sbin:/sbin SLURM_CONF=$d/slurm.conf
  if [ -f "$d/ctld.pid" ] && kill -0 "$(cat "$d/ctld.pid")" 2>/dev/null; then
    timeout 10 scancel --quiet --full $(timeout 10 squeue -h -o %A 2>/dev/null | sort -u) > /dev/null 2>&1
    for _ in $(seq 25); do [ -z "$(timeout 5 squeue -h -t running,completing 2>/dev/null)" ] && break; sleep 0.2; done
  fi
  for f in slurmd.pid.own ctld.pid munged.pid; do
    [ -f "$d/$f" ] && kill "$(cat "$d/$f")" 2>/dev/null
  done
  for _ in $(seq 50); do
    left=""
    for f in slurmd.pid.own ctld.pid munged.pid; do
      [ -f "$d/$f" ] && kill -0 "$(cat "$d/$f")" 2>/dev/null && left=1
    done
    [ -z "$left" ] && break
    sleep 0.1
  done
  for f in slurmd.pid.own ctld.pid munged.pid; do
    [ -f "$d/$f" ] && kill -9 "$(cat "$d/$f")" 2>/dev/null
    rm -f "$d/$f"
  done
  for p in $(cluster_pids "$d"); do kill -9 "$p" 2>/dev/null; done
  if [ -f "$d/watch.pid" ]; then
    p=$(cat "$d/watch.pid"); rm -f "$d/watch.pid"
    [ "$p" != "$BASHPID" ] && kill "$p" 2>/dev/null
  fi
  return 0
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  case ${1:-} in
    start) [ -n "${2:-}" ] || { echo "usage: $0 start DIR [CPUS] | stop DIR" >&2; exit 2; }
           # from a shell: the cluster outlives this script, and stops when that shell ends
           cluster_start "$2" "${3:-}" "$PPID" || exit 1
           echo "export SLURM_CONF=$(cd "$2" && pwd)/slurm.conf" ;;
    stop)  [ -n "${2:-}" ] || { echo "usage: $0 start DIR [CPUS] | stop DIR" >&2; exit 2; }
           cluster_stop "$(cd "$2" 2>/dev/null && pwd || echo "$2")" ;;
    *)     echo "usage: $0 start DIR [CPUS] | stop DIR" >&2; exit 2 ;;
  esac
fi
