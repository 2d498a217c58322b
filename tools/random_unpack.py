"""random_unpack.py: the unpack-stream mode of tools/gen_random.py (--unpack).

Thread 0 (the unpack thread) runs blocks: drain, TRISC stores that set one unpacker's config (formats,
tile descriptor, base and output addresses, modes), ADC setup instructions, then one or a few
UNPACRs or UNPACR_NOPs over random tile data preloaded in L1. Thread 1 (the math thread) gives
every bank thread 0 hands over back with CLEARDVALID after a STALLWAIT on C7 (SrcA) or C8 (SrcB),
and now and then clears a source with ZEROSRC. Thread 2 runs GPR arithmetic and NOPs only. In
lockstep every register-file row, ADC change and bank change is compared.

What a block draws besides formats, to-Dest / tilize / transpose / upsampling / ColShift / forced
exponent / compressed rows (issue 16 widened it; weights: tools/gen_weights.py):
* DigestSize (descriptor word 3 [31:24]) 1, 2 or 0..255 in 20 % (Base_address moved back by it,
  the tile where it was); the descriptor's reserved bytes above YDim/ZDim/WDim, BlobsYStart and
  word 3's low half random in 30 % (docs/decisions.md "Descriptor dimensions are 8 bits");
* NoBFPExpSection on BFP8/BFP8a (no effect) and BFP4/BFP2 (exponents read from the datums' first
  bytes; decisions.md "NoBFPExpSection on BFP4/BFP2") in 20 % of those tiles;
* Throttle_mode 0..3 (3: decisions.md "Throttle_mode 3 wants x4");
* MultiContextMode in 25 % of the blocks not to Dest: ContextNumber 0..7 (unpacker 1: 0..1) with
  its Base_cntx, Offset_cntx, Tile_x_dim_cntx and Dest_cntx words (unpacker 0), half of them with
  per-context formats (REG2 [14]), the other contexts' words and bits (Disable_zero_compress_cntx,
  Unpack_if_sel_cntx, Shift_amount_cntx) random; Shift_amount slots of unused contexts random in
  every block;
* RowSearch on 30 % of the compressed-row blocks: rows Y..X of the tile;
* the math thread: moves after 75 % of the hand-overs (was 50 %), 1..4 of them (was 1..3); SETRWC
  and INCRWC with Cr fields (SrcACr, SrcBCr, DstCr), SrcB values; its eight ADDR_MODs (AB words
  any, Dst increments below 16 with Cr / clear forms, fidelity); Zero_Flag_disabled_dst (cfg 2 [1])
  and FP16A_FORCE_Enable (thread config 55).
Still left out: the context counter (UseContextCounter, IncrementContextCounter, CfgContextOffset),
ContextADC 1..2 (another thread's ADCs, which this thread does not set) and 3 (undefined), RowSearch
on uncompressed tiles and on blobs (BlobsPerXYPlane 0), multi-context to Dest, SetOvrdWithAddr,
srcb_bcast (unimplemented), FP8 E4M3 (unimplemented), tilize of BFP4/BFP2 (undefined).

Constraints (away from undefined behaviour and races, unpack-data-path §2, §3):
* only thread 0 writes unpacker config, ADCs of the unpackers and the tile region (0x100000 on);
  a drain separates an UNPACR from the config stores of the next block, and a STALLWAIT(B3 UNPACK,
  C10 TRISC_CFG) the stores from the UNPACR after them (tt-llk; "danger one");
* format pairs are the ones §3.2 defines (FP32 converts to TF32/BF16/FP16, else in == out; 32-bit
  and TF32-as-input only to Dest); A-exponent BFP shared exponents are 6..31 so ExpBits - LZ fits
  in five bits; no FP8 E4M3 (unimplemented);
* SrcA: rows of the output stay below 16 (no SetOvrdWithAddr); transpose and tilize start 16-byte
  aligned; tilize has no upsampling and no datums narrower than a byte (BFP4, BFP2: undefined,
  docs/decisions.md "Audit of shared readings"); unpack to Dest has no ColShift or transpose;
* bank hand-offs are counted: thread 1 returns exactly as many SrcA and SrcB banks as thread 0
  gives (FlipSrc, UNPACR_NOP set dvalid), in the same order, so no UNPACR waits for ever; an
  UNPACR_NOP set dvalid, which does not wait for its bank, follows a STALLWAIT on C5|C1 / C6|C2
  (its unpacker's bank free, and the unpacker done with the thread's UNPACR before it);
* UNPACR_NOP's clear waits for its own bank like an UNPACR (Stall_Clr_Cntrl 1) or for the matrix
  unit's bank (0): thread 1 gives every bank back, so neither waits for ever;
* an UNPACR to Dest leaves unpacker 0's SrcA bank unpredictable (docs/decisions.md audit D8): it
  flips nothing, and an UNPACR_NOP clear of that bank follows it before any hand-over.
* the math thread's one-row ZEROACCs stay below Dest row 256, so that in 32-bit mode too their zero
  flags (DstBits row Adj32) lie below the rows an unpack to Dest writes, part of which an UNPACR may
  write (a partial write of an invalid row is undefined, docs/decisions.md "Dest zero flags").
"""

from gen_weights import DF_NAMES, wchoice, wflag

TILE_BASE = 0x100000           # tiles live from here; thread 0 alone touches this region
DBITS = {0: 32, 1: 16, 2: 8, 3: 4, 4: 32, 5: 16, 6: 8, 7: 4, 8: 32, 9: 16, 10: 8, 11: 2, 14: 8, 15: 2}
SRC_PAIRS = [(5, 5), (1, 1), (10, 10), (6, 6), (7, 7), (15, 15), (2, 2), (3, 3), (11, 11), (14, 14),
             (9, 9), (0, 4), (0, 5), (0, 1)]
DEST_PAIRS = [(5, 5), (1, 1), (0, 0), (0, 4), (0, 5), (0, 1), (4, 4), (8, 8), (9, 9), (6, 6), (14, 14)]
OUT_BYTES = {0: 4, 4: 4, 8: 4, 1: 2, 5: 2, 9: 2}   # others: 1-byte units (§2.4)
SEC = (0, 48)                  # THCON_SECn offset
XY1 = (56, 58)
ZW1 = (57, 59)
BREG1 = (49, 61)
FEXP = (50, 62)



def gpr_filler(rng, count, nregs):
    """A thread that only keeps ThCon busy (GPR adds and sets, NOPs) beside the stream under test:
    `count` instructions over GPRs 0..nregs-1 (shared with tools/random_pack.py)."""
    ops = []
    for _ in range(count):
        k = rng.randrange(3)
        if k == 0:
            ops.append(f"ttadddmareg 0,{rng.randrange(nregs)},{rng.randrange(nregs)},{rng.randrange(nregs)}")
        elif k == 1:
            ops.append(f"ttsetdmareg 0,{rng.getrandbits(14)},0,{rng.randrange(2 * nregs)}")
        else:
            ops.append("ttnop")
    return ops

def _store(t, word, value, why=""):
    return f"store cfg 0 {word} 0x{value:x}" + (f"   # {why}" if why else "")


class UnpackGen:
    def __init__(self, rng):
        self.r = rng
        self.flips = []              # (unpacker, implied format) of each bank hand-over, in order
        self.l1 = []                 # preload lines
        self.next_tile = TILE_BASE

    def bits(self, n):
        return self.r.getrandbits(n)

    def tile_data(self, fmt, n, exps):
        """Preload a tile (header, exponent section, datums) and return its base in 16-byte units."""
        base = self.next_tile
        addr = base + 16
        if exps is not None:
            self.l1.append(f"l1 bytes 0x{addr:x} " + " ".join(f"0x{e:02x}" for e in exps))
            addr += (len(exps) + 15) // 16 * 16
        nbytes = (n * DBITS[fmt] + 7) // 8
        data = [self.bits(8) for _ in range(nbytes)]
        for i in range(0, nbytes, 32):
            self.l1.append(f"l1 bytes 0x{addr + i:x} " + " ".join(f"0x{b:02x}" for b in data[i:i + 32]))
        self.next_tile = (addr + nbytes + 64 + 15) & ~15
        return base // 16

    def compressed_tile(self, fin, rows, xdim):
        """Preload a compressed tile (§1.3): header, RSI, exponent section for BFP, then blocks of
        32 datums each followed by their 32 RLE deltas. Returns its base in 16-byte units."""
        r = self.r
        dbits = DBITS[fin]
        rsi, dat, dl = [], [], []
        for _ in range(rows):
            rsi.append(len(dat))
            i = 0
            while i < xdim:
                dat.append(r.getrandbits(dbits))
                z = min(xdim - i - 1, r.choice([0, 0, 1, 3, 15]))
                dl.append(z)
                i += 1 + z
        rsi.append(len(dat))
        base = self.next_tile
        addr = base + 16
        self.l1.append(f"l1 u16 0x{addr:x} " + " ".join(f"0x{v:x}" for v in rsi))
        addr += (len(rsi) * 2 + 15) // 16 * 16
        if fin in (6, 7):
            nexp = (xdim * rows + 15) // 16
            self.l1.append(f"l1 bytes 0x{addr:x} " + " ".join(f"0x{r.randrange(256):02x}" for _ in range(nexp)))
            addr += (nexp + 15) // 16 * 16
        bits = []
        for b0 in range(0, len(dat), 32):
            blk = dat[b0:b0 + 32] + [0] * (32 - len(dat[b0:b0 + 32]))
            nib = dl[b0:b0 + 32] + [0] * (32 - len(dl[b0:b0 + 32]))
            for v in blk: bits += [(v >> i) & 1 for i in range(dbits)]
            for v in nib: bits += [(v >> i) & 1 for i in range(4)]
        data = [sum(bits[8 * i + k] << k for k in range(8)) for i in range(len(bits) // 8)]
        for i in range(0, len(data), 32):
            self.l1.append(f"l1 bytes 0x{addr + i:x} " + " ".join(f"0x{b:02x}" for b in data[i:i + 32]))
        self.next_tile = (addr + len(data) + 64 + 15) & ~15
        return base // 16

    def block_compressed(self):
        """An UNPACR of one row of a compressed tile to SrcA or SrcB, whole or X0..X1 of it."""
        r = self.r
        n = r.randrange(2)
        fin = wchoice(r, [5, 1, 10, 14, 6, 7], lambda f: [f"unpack.fmt.{DF_NAMES[f]}->{DF_NAMES[f]}"])
        rows, xdim = r.randrange(1, 5), r.choice([16, 32])
        base16 = self.compressed_tile(fin, rows, xdim)
        s = SEC[n]
        out = ["drain"]
        out.append(_store(0, 64 + s, (xdim << 16) | fin, f"compressed tile: XDim {xdim}, format {fin}"))
        digest = self.digest_size()
        out += self.desc_words(s, 0x00010000 | rows, digest)
        ups_rate = r.choice([0, 0, 1])
        interleave = ups_rate and r.random() < 0.5
        out.append(_store(0, 72 + s, fin | (ups_rate << 12) | (int(interleave) << 15), "REG2: x1 (compressed)"))
        out.append(_store(0, 73 + s, 0))
        out.append(_store(0, 74 + s, 0))
        out.append(_store(0, 75 + s, 0))
        out.append(_store(0, 76 + s, base16 - digest, f"Base_address (DigestSize {digest})"))
        out.append(_store(0, 92 + s, 0))
        out.append(_store(0, 64 + 7 + s, 0))
        ob = OUT_BYTES.get(fin, 1)
        # RowSearch (UNPACR_Regular.md; docs/decisions.md "RowSearch"): rows Y..X of the tile, from
        # RSI[Y] up to RSI[X + 1], no DecompressDrop
        y = r.randrange(rows)
        row_search = wflag(r, 0.3, "unpack.row_search")
        yx = r.randrange(y, rows) if row_search else y
        ndat = (yx - y + 1) * xdim
        row0 = r.randrange(16 - (ndat * (1 << ups_rate) + 15) // 16 + 1) if n == 0 else r.randrange(64)
        out.append(_store(0, BREG1[n], ((4 + row0) * 16 if n == 0 else row0 * 16) * ob, "output base (bytes)"))
        out.append(_store(0, XY1[n], 0))
        out.append(_store(0, ZW1[n], 0))
        sets = 1 << n
        out.append(f"ttsetadczw {sets},0,0,0,0,15")
        out.append(f"ttsetadcxy {sets},0,0,0,0,15")
        out.append(f"ttsetadc {sets},0,1,{y}")
        if row_search:
            out.append(f"ttsetadcxx {sets},{r.randrange(xdim)},{yx}   # RowSearch: rows {y}..{yx}")
        elif r.random() < 0.5:
            out.append(f"ttsetadcxx {sets},{xdim - 1},0")                  # the whole row (RSI length)
        else:
            x0 = r.randrange(xdim)
            out.append(f"ttsetadcxx {sets},{r.randrange(x0, xdim)},{x0}")  # DecompressDrop x0
        flip = r.random() < 0.4
        out.append(f"ttunpacr {n},0,0,0,0,0,{int(flip)},0,0,0,{int(row_search)},0,0")
        if flip:
            self.flips.append((n, fin))   # the bank's implied format: the UNPACR's output format
        return out

    def multi_words(self, n, ctx, base16, xdim, out_el, fin, fout, ctx_fmt):
        """The words context ctx reads (UNP[] in ref_model/src/unpack.c): Base_cntxN (76 + N, N < 4;
        80 + N - 4), Offset_cntx(N & 3) (92 + (N & 3): offset 0, formats [19:16]/[23:20] or for
        N >= 4 [27:24]/[31:28]); unpacker 0 also Tile_x_dim_cntx (86, 87: XDim) and Dest_cntx (84,
        85: the output address in datums, which replaces OutAddr). Other contexts' halves random."""
        r, s = self.r, SEC[n]
        out = []
        if ctx:
            out.append(_store(0, (76 + ctx if ctx < 4 else 80 + ctx - 4) + s, base16, f"Base_cntx{ctx}"))
        fw = self.bits(16) << 16
        if ctx_fmt:
            sh = 24 if ctx >= 4 else 16
            fw = (fw & ~(0xFF << sh)) | (fin << sh) | (fout << (sh + 4))
        for k in range(4):
            if k == (ctx & 3):
                out.append(_store(0, 92 + s + k, fw, f"Offset_cntx{k}: offset 0, formats"))
            elif r.random() < 0.3:
                out.append(_store(0, 92 + s + k, self.bits(32)))
        if n == 0:
            for word, val in ((86, xdim), (84, out_el)):
                half = ctx & 1
                v = (self.bits(16) << (16 * (1 - half))) | (val << (16 * half))
                out.append(_store(0, word + (ctx & 3) // 2, v, f"context {ctx}: {'Tile_x_dim' if word == 86 else 'Dest_cntx'}"))
        return out

    def digest_size(self):
        """DigestSize (descriptor word 3 [31:24]): the header is 1 + DigestSize lines, skipped
        (unpack-data-path §2.3); the tile is placed as before and Base_address moved back by it."""
        return self.r.choice([1, 2, self.r.randrange(256)]) if wflag(self.r, 0.2, "unpack.digest") else 0

    def desc_words(self, s, td1, digest):
        """Descriptor words 1..3: td1 (YDim, ZDim), WDim 1; sometimes the reserved byte above each
        dimension ([15:8], [31:24] of word 1, [15:8] of word 2) and BlobsYStart (read only by
        RowSearch with blobs, which these tiles do not have) set (docs/decisions.md "Descriptor
        dimensions are 8 bits")."""
        td2, td3 = 1, digest << 24
        if wflag(self.r, 0.3, "unpack.desc_reserved"):
            td1 |= (self.bits(8) << 8) | (self.bits(8) << 24)
            td2 |= (self.bits(8) << 8) | (self.bits(16) << 16)
            td3 |= self.bits(16)
        return [_store(0, 65 + s, td1), _store(0, 66 + s, td2), _store(0, 67 + s, td3)]

    def block(self):
        r = self.r
        if wflag(r, 0.2, "unpack.compressed"):
            return self.block_compressed()
        out = ["drain"]
        n = 0 if wflag(r, 0.65, "unpack.unpacker0", "unpack.unpacker1") else 1
        to_dest = n == 0 and wflag(r, 0.25, "unpack.to_dest")
        fin, fout = wchoice(r, DEST_PAIRS if to_dest else SRC_PAIRS,
                            lambda f: [f"unpack.fmt.{DF_NAMES[f[0]]}->{DF_NAMES[f[1]]}"])
        dbits = DBITS[fin]
        tilize = (not to_dest) and wflag(r, 0.15, "unpack.tilize")
        if dbits < 8:
            tilize = False   # undefined for BFP4 / BFP2 datums (decisions.md "Audit of shared readings")
        transpose = n == 0 and not to_dest and not tilize and wflag(r, 0.15, "unpack.transpose")
        # MultiContextMode (unpack-data-path §2.2; UNPACR_Regular.md): context ctx (unpacker 0: 0..7,
        # unpacker 1: 0..1, more is undefined), ContextADC 0 (this thread's ADCs, which the block
        # sets), no context counter, CfgContextOffset 0; not to Dest (it would take Dest_cntx as an
        # offset: the plain blocks cover unpack to Dest)
        multi = not to_dest and wflag(r, 0.25, "unpack.multi_context")
        ctx = (r.randrange(8) if n == 0 else r.randrange(2)) if multi else 0
        ctx_fmt = multi and r.random() < 0.5     # REG2 [14]: formats from Offset_cntx[ctx & 3]
        ups_rate = 0 if tilize else wchoice(r, [0, 0, 0, 1, 2, 3], lambda u: ["unpack.upsample"] if u else [])
        ups = (1 << ups_rate) - 1
        interleave = ups_rate and r.random() < 0.5
        colshift = 0 if (tilize or n == 1 or to_dest) else r.choice([0, 0, 0, r.randrange(16)])
        xpos = 0 if (tilize or transpose) else r.randrange(16)
        # output position (elements) and how many datums fit
        if n == 0 and not to_dest:
            r0 = r.randrange(16)
            c0 = 0 if transpose else r.randrange(16)
            room = (16 - r0) * 16 - c0
            out_el = (4 + r0) * 16 + c0
        elif n == 1:
            out_el = r.randrange(64) * 16 + r.randrange(16)
            room = 64 * 16
        else:
            # unpack to Dest writes rows 512..1023; the math thread's moves stay below 512
            row = r.randrange(512 + 4, 1024 + 4)
            out_el = row * 16 + r.randrange(16)
            room = min(512, (1024 + 4 - row) * 16 - out_el % 16)
        if room < ups + 1:
            ups_rate, ups, interleave = 0, 0, False
        ndat = max(1, min(room // (ups + 1), r.choice([1, 7, 16, 33, 64, 100, 256])))
        if tilize:
            ndat = max(16, ndat - ndat % 16)
            ndat = min(ndat, room // 16 * 16)
            if ndat == 0:
                tilize = False
                ndat = 1
        total = xpos + ndat
        exps = None
        force_exp = no_exp = False
        if fin in (2, 3, 6, 7, 11, 15):
            force_exp = wflag(r, 0.2, "unpack.force_exp")
            lo = 6 if fin in (2, 3, 11) else 0
            # NoBFPExpSection (descriptor bit 5; decisions.md "NoBFPExpSection on BFP4/BFP2"): BFP8
            # ignores it; BFP4/BFP2 (B exponents) read their exponents from the datums' first bytes.
            # Not on BFP4a/BFP2a, whose exponents must be 6..31 (random datum bytes are not)
            no_exp = fin in (2, 6, 7, 15) and wflag(r, 0.2, "unpack.no_bfp_exp")
            if not force_exp and not (no_exp and fin in (7, 15)):
                exps = [r.randrange(lo, 32 if lo else 256) for _ in range((total + 15) // 16)]
        stride = 0
        if tilize:
            stride = 16 * r.randrange(max(1, 16 * dbits // 128), 9)
        span = total if not tilize else (ndat // 16) * (stride * 8 // dbits) + 16
        base16 = self.tile_data(fin, span, exps)
        s = SEC[n]
        td0 = (total << 16) | (int(no_exp) << 5) | 0x10 | fin
        out.append(_store(0, 64 + s, td0, f"tile: {total} datums, format {fin}, uncompressed, NoBFPExpSection {int(no_exp)}"))
        digest = self.digest_size()
        out += self.desc_words(s, 0x00010001, digest)
        # Throttle_mode 0..3 (only the bandwidth tier reads it here: cfg 70 [3] stays 0)
        reg2 = fout | (r.randrange(4) << 4) | (int(transpose) << 8) | (int(tilize) << 9)
        reg2 |= (int(r.random() < 0.3) << 10) | (int(to_dest) << 11) | (ups_rate << 12) | (int(interleave) << 15)
        reg2 |= int(ctx_fmt) << 14
        if tilize:
            k = stride >> 4
            reg2 |= (k & 15) << 16 | ((k >> 4) & 15) << 20 | self.bits(4) << 28
        else:
            # Shift_amount_cntx0..3: the context's own slot is the ColShift (0 to Dest); the
            # others are not read (unpacker 1 reads none)
            slots = [self.bits(4) for _ in range(4)]
            slots[ctx & 3] = colshift
            reg2 |= sum(v << (16 + 4 * i) for i, v in enumerate(slots))
        out.append(_store(0, 72 + s, reg2, "REG2" + (f" (formats of context {ctx})" if ctx_fmt else "")))
        # word 1: Disable_zero_compress_cntx [3:0], [19:16] (contexts 4..7), Unpack_if_sel_cntx
        # (to Dest) [7:4], [23:20]; the used context's bits 1 (uncompressed) and 0, the others random
        w1 = (self.bits(4) | self.bits(4) << 4 | self.bits(4) << 16 | self.bits(4) << 20) if multi else 1
        cb = (ctx & 3) + (16 if ctx >= 4 else 0)
        w1 = (w1 | 1 << cb) & ~(1 << (cb + 4)) | int(force_exp) << 8
        out.append(_store(0, 73 + s, w1))
        out.append(_store(0, 74 + s, 0))
        out.append(_store(0, 75 + s, 0))
        out.append(_store(0, 76 + s, base16 - digest, f"Base_address (DigestSize {digest})"))
        if multi:
            out += self.multi_words(n, ctx, base16 - digest, total, out_el, fin, fout, ctx_fmt)
        else:
            out.append(_store(0, 92 + s, 0))
        out.append(_store(0, 64 + 7 + s, 0))       # Unp_LF8_4b_exp off (E4M3 is unimplemented)
        ob = OUT_BYTES.get(fout, 1)
        out.append(_store(0, BREG1[n], out_el * ob, "output base (bytes)"))
        out.append(_store(0, XY1[n], 0))
        out.append(_store(0, ZW1[n], 0))
        # forced shared exponent: for A-exponent BFP it must leave 5 bits after normalising
        out.append(_store(0, FEXP[n], r.randrange(6, 32) if fin in (2, 3, 11) else self.bits(8)))
        sets = 1 << n
        # ADCs of this unpacker: X0 = xpos, X1 = total - 1, Y/Z/W 0
        out.append(f"ttsetadczw {sets},0,0,0,0,15")
        out.append(f"ttsetadcxy {sets},0,0,0,0,15")
        out.append(f"ttsetadcxx {sets},{total - 1},{xpos}")
        # an UNPACR to Dest leaves unpacker 0's SrcA bank unpredictable (audit D8): it hands over
        # nothing, and an UNPACR_NOP clear of that bank (Stall_Clr_Cntrl 1: sequenced after it, on
        # the same bank) writes every row again before any hand-over
        flip = not to_dest and r.random() < 0.4
        zero = int(r.random() < 0.1)
        insn = f"ttunpacr {n},0,0,{ctx},0,{int(multi)},{int(flip)},0,{zero},0,0,0,0"
        out.append(insn)
        if to_dest:
            out.append(f"ttunpacr_nop {n},0,0,0,0,1,0,0,1   # clear SrcA's bank the UNPACR to Dest clobbered")
        if flip:
            self.flips.append((n, fout))  # the bank's implied format: the UNPACR's output format
        if r.random() < 0.15:
            # UNPACR_NOP (Blackhole layout): clear (all banks or not; to 0, -inf, one in a random
            # format or the CLR_VAL word) or set dvalid only
            if r.random() < 0.2:
                # overlay pop: a store to a stream's message-clear register (thread config or
                # instruction names the stream)
                if r.random() < 0.5:
                    out.append(f"ttunpacr_nop {n},0,0,0,0,0,0,0,0")
                else:
                    out.append(f"ttunpacr_nop {n},{r.randrange(64)},{r.randrange(8)},0,0,0,0,0,3")
            elif r.random() < 0.5:
                # either Stall_Clr_Cntrl (bit 5): 1 waits for the unpacker's own bank, 0 for the
                # matrix unit's (decisions.md "Audit of shared readings"), which thread 1 gives back
                # never all banks: the other bank may be the matrix unit's, and clearing a bank the
                # math thread reads is a race in hardware too (tests/directed/unpack_nop_bh_modes.tts
                # covers all-banks clears)
                both = 0
                val = r.randrange(4)
                fmt = r.randrange(3) if val == 2 else 0
                out.append(f"ttunpacr_nop {n},0,0,0,{fmt},{r.randrange(2)},{both},{val},1")
            else:
                # set dvalid never waits for its bank (spec §8.2): STALLWAIT on C5 / C6 first, and on
                # C1 / C2 (the UNPACR before it still in the unpacker): the UNPACR's FlipSrc changes
                # the unpacker's bank at its retire, and the instructions of a thread overlap
                # (docs/decisions.md "Overlapping dispatch"), so C5 alone could be seen clear on the
                # bank before the flip, and the set dvalid land on a bank the math thread still holds
                out.append(f"ttstallwait 8,{0x22 if n == 0 else 0x44:#x}")
                out.append(f"ttunpacr_nop {n},0,0,0,3,0,0,0,2")
                self.flips.append((n, fout))  # REG2's Out_data_format (UNPACR_NOP_SETDVALID.md)
        return out


def moves(rng, n, d2src=True):
    """Matrix-unit moves on the bank thread 1 now holds (n: 0 SrcA, 1 SrcB), Dest rows below 512
    (row fields below 240, + RWC.Dst < 16: in 32-bit mode a row's Dst16b rows are Adj32 < 512, away from
    the rows thread 0's unpack to Dest writes with nothing ordering the two threads' accesses: a race,
    docs/decisions.md "Race detector"; seed 66 had a MOVD2B read row 784);
    no MOVD2A/MOVD2B unless d2src (a TF32 format with a 16-bit Dest is undefined there, MOVD2A.md)."""
    # SETRWC / INCRWC Cr fields ([20:18] DstCr, SrcBCr, SrcACr; SETRWC.md, INCRWC.md) now and then.
    # Dst is below 16 at every move and ZEROACC: each is followed by a SETRWC without Cr that sets
    # Dst and Dst_Cr below 16 (whatever INCRWC or the AddrMod added after it); a SETRWC with DstCr
    # sets Dst = Dst_Cr + 0. SrcA/SrcB wrap at 64. SETRWC's DstCtoCr [21] stays 0.
    cr = rng.randrange(8) if rng.random() < 0.4 else 0
    out = [f"ttsetrwc 0,{cr},{0 if cr & 4 else rng.randrange(16)},{rng.randrange(16)},{rng.randrange(16)},0x7"]
    for _ in range(rng.randrange(1, 5)):
        k = rng.randrange(5)
        am = rng.randrange(8)
        if k == 0:
            mod = rng.choice([0, 1, 2, 3, 4, 5]) if n else rng.choice([0, 2])
            out.append(f"ttmov{'b' if n else 'a'}2d 0,{rng.randrange(64)},{am},{mod},{rng.randrange(240)}")
        elif k == 1 and d2src:
            out.append(f"ttmovd2{'b' if n else 'a'} 0,{rng.randrange(64)},{am},{rng.choice([0, 2])},{rng.randrange(240)}")
        elif k == 2:
            cr = rng.randrange(8) if rng.random() < 0.5 else 0
            out.append(f"ttincrwc {cr},{rng.randrange(4)},{rng.randrange(16)},{rng.randrange(16)}")
        elif k == 3:
            # one row below 256 (+ RWC.Dst < 16): in 32-bit mode its zero flag is that of DstBits
            # row Adj32 < 512, away from the rows an unpack to Dest writes (512 on), part of which
            # an UNPACR may write: a partial write of an invalid row is undefined (ZEROACC.md)
            out.append(f"ttzeroacc 0,0,0,{am},{rng.randrange(240)}")
        else:
            out.append(f"ttsetrwc 0,0,{rng.randrange(16)},0,{rng.randrange(16)},0x7")
        out.append(f"ttsetrwc 0,0,{rng.randrange(16)},0,{rng.randrange(16)},0x7")   # Dst RWC back below 16
    return out


def _unpacker_of(block):
    """The unpacker a block's UNPACRs use (0 or 1), from its first UNPACR."""
    for ins in block:
        if ins.startswith("ttunpacr "):
            return int(ins.split()[1].split(",")[0])
    return None


def c10_waits(block, stall_block):
    """Put tt-llk's STALLWAIT(STALL_UNPACK or STALL_PACK, TRISC_CFG) (block `stall_block`, condition
    C10) after a block's TRISC config stores, before the first reader pushed after them: the RISC-V may
    let a store land after a later push, so the reader could run on the old word ("danger one",
    docs/decisions.md "Race detector"; tests/directed/store_c10_unpacr.tts). Shared with random_pack.py."""
    out, stored = [], False
    for ins in block:
        if ins.startswith("store cfg"):
            stored = True
        elif stored and ins.startswith(("ttunpacr", "ttpacr")):
            out.append(f"ttstallwait {stall_block},0x400   # reader waits for the config stores (C10 TRISC_CFG)")
            stored = False
        out.append(ins)
    return out


def generate_unpack(seed, length, rng, drop_waits=False):
    g = UnpackGen(rng)
    t0 = []
    prev, dropped = None, 0
    for _ in range(max(1, length // 12)):
        b = g.block()
        n = _unpacker_of(b)
        # --drop-waits: the drain before a block that sets up the unpacker the previous block's UNPACR
        # still runs on goes, so its TRISC config stores race with that UNPACR (the race detector
        # must report HAZARD: docs/decisions.md "Race detector")
        if drop_waits and n is not None and n == prev and b and b[0] == "drain":
            b = b[1:]
            dropped += 1
        prev = n if n is not None else prev
        t0 += c10_waits(b, 8)   # B3 (UNPACK)
    t0.append("drain")
    # Thread 1 returns the banks in the order thread 0 handed them over: a return waits (C7/C8)
    # only for its own hand-over, which comes no later than anything thread 0 waits for.
    # ALU formats for the whole run (the moves read them): SrcA format (MOVA2D.md: it picks the
    # exponent width even for SrcB), Fp32_enabled (TF32 needs a 32-bit Dest), INT8 signedness
    fmt = rng.choice([5, 1, 4])
    alu = (fmt << 17) | (rng.randrange(2) << 15) | (rng.randrange(2) << 16)
    alu |= (1 << 29) if fmt == 4 or rng.random() < 0.3 else 0
    # The moves take the bank's implied format (docs/decisions.md "Implied SrcA/SrcB formats"),
    # the one its hand-over recorded, unless the math thread disables it (then the configured one)
    no_implied = [rng.random() < 0.25, rng.random() < 0.25]
    t1 = []
    for n, imp in g.flips:
        cond = 0x80 if n == 0 else 0x100         # C7: SrcA valid, C8: SrcB valid
        t1.append(f"ttstallwait 64,{cond:#x}")
        used = fmt if no_implied[n] else imp
        if rng.random() < 0.75:
            t1 += moves(rng, n, d2src=used != 4 or bool(alu >> 29 & 1))
        if rng.random() < 0.2:
            t1.append(f"ttzerosrc 0,1,0,{1 << n}")   # SingleBankMatrixUnit: the bank it holds
        t1.append(f"ttcleardvalid {1 << n},0")
    t1.append("drain")
    t2 = gpr_filler(rng, length // 4, 40)
    lines = [f"# random_unpack_{seed}.tts: constrained-random unpack streams (tools/gen_random.py --unpack).",
             f"#   python3 tools/gen_random.py --unpack{' --drop-waits' if drop_waits else ''} --seed {seed} "
             f"--length {length} -o FILE",
             "# No expectations: in lockstep every register-file row, ADC and bank change is compared.",
             f"# dropped waits: {dropped}" if drop_waits else "#",
             f"max_cycles {400000 + 2000 * length}", ""]
    lines.append(f"cfg 0 1 0x{alu:x}   # ALU_FORMAT_SPEC: SrcA {fmt}, Fp32_enabled, SrcA/SrcBUnsigned")
    # ALU_ACC_CTRL: Zero_Flag_disabled_src [0] and _dst [1] (the moves read Dest's raw cells,
    # decisions.md "Dest zero flags"); FP16A_FORCE_Enable (thread config 55: the moves FP16 style,
    # MOVA2D.md / MOVD2A.md; never undefined, as the moves use no UseDst32bLo)
    lines.append(f"cfg 0 2 {rng.randrange(4)}   # Zero_Flag_disabled_src, Zero_Flag_disabled_dst")
    if rng.random() < 0.25:
        lines.append("tcfg 1 55 1   # FP16A_FORCE_Enable")
    for k, name in enumerate(("SRCA", "SRCB")):
        if no_implied[k]:
            lines.append(f"tcfg 1 DISABLE_IMPLIED_{name}_FMT_Base 1   # the moves use the configured SrcA format")
    # UNPACR_NOP clear-to-immediate words of both unpackers (UNPn_NOP_REG_CLR_VAL)
    lines.append(f"cfg 0 53 0x{rng.getrandbits(32):x}")
    lines.append(f"cfg 0 63 0x{rng.getrandbits(32):x}")
    for w in (42, 43):   # NOC_OVERLAY_MSG_CLEAR_StreamId_n / MsgNum_n of the unpack thread
        lines.append(f"tcfg 0 {w} 0x{rng.getrandbits(32):x}")
    # the math thread's ADDR_MODs (RWCs.md ApplyAddrMod; ADDR_MOD_AB_SEC 12+i, ADDR_MOD_DST_SEC
    # 28+i), applied after each move / ZEROACC: SrcA/SrcB any (increment, Cr, clear); Dst increments
    # below 16 (Cr, clear, CToCr forms), fidelity any. The SETRWC after each move resets Dst (moves()).
    for i in range(8):
        if rng.random() < 0.5:
            lines.append(f"tcfg 1 {12 + i} 0x{rng.getrandbits(16):x}   # ADDR_MOD_AB_SEC{i}")
            d = rng.randrange(16) | rng.getrandbits(6) << 10
            lines.append(f"tcfg 1 {28 + i} 0x{d:x}   # ADDR_MOD_DST_SEC{i}")
    lines += g.l1
    lines += ["", "thread 0"] + t0 + ["", "thread 1"] + t1 + ["", "thread 2"] + t2
    return "\n".join(lines) + "\n"
