/* THROW-AWAY stub (lm_dpi, dropped at the merge of lm_model): the SFPLOADMACRO model API of
 * lm_common.txt, doing nothing, so that the checker compiles before lm_model is ready. */
#include "ttmodel.h"

static const tt_sfpu_group empty_group;

bool tt_model_sfpu_busy(const tt_model *m) { (void)m; return false; }
unsigned tt_model_sfpu_outstanding(const tt_model *m) { (void)m; return 0; }
tt_status tt_model_sfpu_idle(tt_model *m, char *why, size_t whylen)
{
    (void)m;
    if (whylen) why[0] = 0;
    return TT_OK;
}
const tt_sfpu_group *tt_model_sfpu_last_group(const tt_model *m) { (void)m; return &empty_group; }
uint64_t tt_model_sfpu_sched_count(const tt_model *m, unsigned unit) { (void)m; (void)unit; return 0; }
