"""gen_weights.py: the choice weights of the random generators (issue 8 part 5).

`tools/gen_random.py --weights FILE` (all three modes: default, --unpack, --pack) loads the "knobs"
of a tools/coverage_report.py weights file here: multipliers keyed "group.choice". gen_random.py's
own knobs are body.*, alu.*, thread.*, brisc.* ...; random_unpack.py adds unpack.* (modes: to_dest,
tilize, transpose, compressed, upsample, force_exp, unpacker0, unpacker1, digest, desc_reserved,
no_bfp_exp, multi_context, row_search) and unpack.fmt.IN->OUT (a format pair), random_pack.py adds
pack.fmt.IN->OUT, pack.inter.dst16b:X / dst32b:X (the early conversion), pack.relu.N, pack.edge.zero
/ neg_inf, pack.zero_write, pack.fp8_e4m3, pack.exp_threshold, pack.read_32b, pack.read_raw, pack.zc,
pack.downsample, pack.l1acc, pack.setreg, pack.srnd_packer, pack.srnd_gasket (format names as
dpi/coverage.c prints them).

With no knob of a draw in WEIGHTS, every helper makes exactly the draw of an unweighted run (the
same random calls with the same arguments), so a seed makes the same test with or without an empty
weights file (the streams themselves changed when issue 16 widened the generators).
"""
import json

WEIGHTS = {}

# Format codes -> the names dpi/coverage.c uses (tt_df_name, unpack_convert.c).
DF_NAMES = {0: "FP32", 1: "FP16", 2: "BFP8a", 3: "BFP4a", 4: "TF32", 5: "BF16", 6: "BFP8", 7: "BFP4",
            8: "INT32", 9: "INT16", 10: "FP8", 11: "BFP2a", 14: "INT8", 15: "BFP2"}


def load(path):
    with open(path) as f:
        WEIGHTS.update(json.load(f)["knobs"])


def wdraw(r, group, names, base=None):
    """Index into names, weighted by base (default 1 each) times WEIGHTS["group.name"]."""
    base = base or [1] * len(names)
    return r.choices(range(len(names)), weights=[b * WEIGHTS.get(f"{group}.{n}", 1.0)
                                                 for n, b in zip(names, base)])[0]


def wflag(r, p, key_true=None, key_false=None):
    """r.random() < p, with the odds of True times WEIGHTS[key_true] and of False times
    WEIGHTS[key_false]: one r.random() draw either way."""
    wt = WEIGHTS.get(key_true, 1.0) if key_true else 1.0
    wf = WEIGHTS.get(key_false, 1.0) if key_false else 1.0
    if (wt != 1.0 or wf != 1.0) and 0 < p < 1:
        p = p * wt / (p * wt + (1 - p) * wf)
    return r.random() < p


def wchoice(r, seq, keys):
    """r.choice(seq) unless a knob names one of its items (keys(item): the knob names of an item,
    whose weights multiply); then a draw weighted by them."""
    ks = [keys(x) for x in seq]
    if not any(k in WEIGHTS for kk in ks for k in kk):
        return r.choice(seq)
    w = []
    for kk in ks:
        m = 1.0
        for k in kk:
            m *= WEIGHTS.get(k, 1.0)
        w.append(m)
    return r.choices(seq, weights=w)[0]
