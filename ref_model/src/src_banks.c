/* src_banks.c: the bank conditions C5..C8 (src_banks.h). */
#include "src_banks.h"

unsigned tt_bank_conditions(const tt_model *m)
{
    const tt_bank_state *b = &m->banks;
    unsigned c = 0;
    c |= (b->srca_client[b->unp_bank[0]] != TT_CLIENT_UNPACKERS) << 0; /* C5 */
    c |= (b->srcb_client[b->unp_bank[1]] != TT_CLIENT_UNPACKERS) << 1; /* C6 */
    c |= (b->srca_client[b->math_srca_bank] != TT_CLIENT_MATRIX) << 2; /* C7 */
    c |= (b->srcb_client[b->math_srcb_bank] != TT_CLIENT_MATRIX) << 3; /* C8 */
    return c;
}
