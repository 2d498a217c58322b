/* stall_name.h: the stall-reason codes by name, one table for every place that prints them: the
 * lockstep watchdog (tb/harness.c), the waves' translate filter (tools/gen_stall_filter.c) and the
 * model alone's profile and watchdog (tb/model_run.c). */
#ifndef STALL_NAME_H
#define STALL_NAME_H

/* Stall-reason code (tt_pkg stall_e kind << 4 | detail) as text, e.g. "SEM_WAIT sem2". */
void tb_stall_name(int code, char *buf, unsigned len);

#endif
