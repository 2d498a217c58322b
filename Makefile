# ttcosim: one Makefile for the model, the RTL, the harnesses and the tests.
# `make deps` installs what a fresh Debian bookworm machine needs; `make test` builds and runs
# everything. See README.md.

SHELL := /bin/bash
BUILD ?= build
CC := gcc
CFLAGS_COMMON := -std=c11 -Wall -Wextra -Werror -pedantic -O2 -g
CFLAGS += $(CFLAGS_COMMON) $(SANFLAGS) -Iref_model/include -Iref_model/src -Itb -Idpi
JOBS ?= $(shell nproc)

MODEL_SRCS := $(wildcard ref_model/src/*.c)
MODEL_OBJS := $(MODEL_SRCS:%.c=$(BUILD)/%.o)
TB_C_SRCS := tb/schedule.c dpi/timing.c tb/test_loader.c tb/tile_codec.c tb/stim.c tb/kernel_run.c tb/model_run.c tb/stall_name.c tb/numparse.c tb/suggest.c tb/elf_loader.c dpi/outfile.c dpi/hazard.c dpi/hb.c dpi/l1_owner.c tb/rv_periph.c
TB_C_OBJS := $(TB_C_SRCS:%.c=$(BUILD)/%.o)
# the checker (dpi/cosim_int.h): matching, failure reports, race glue, state read-back
COSIM_C := dpi/cosim.c dpi/cosim_report.c dpi/cosim_race.c dpi/cosim_readback.c
UNIT_TESTS := $(patsubst tests/unit/%.c,$(BUILD)/unit/%,$(wildcard tests/unit/test_*.c))

DEB_PKGS := build-essential verilator libsystemc-dev libcmocka-dev libcjson-dev gtkwave xvfb xauth \
            zlib1g-dev python3 python3-yaml clang libclang-rt-14-dev \
            slurmctld slurmd slurm-client munge \
            gcc-riscv64-unknown-elf binutils-riscv64-unknown-elf

.PHONY: test-builds kernels kernel-test kernel-toolchain lint docs-test layers-test contract-test mutate mutate-build mutate-test coverage coverage-build all deps model rtl test unit directed negative inject random waves-test wave-window-test shrink-test signals-test sanitize fuzz regress slurm-test regress-test stream waves-screenshot run bench clean isa-table regs-table conv-test pack-conv-test sfpu-rtl-test hazard-test model-timing-test byo-test

all: model rtl

deps:
	@missing=$$(for p in $(DEB_PKGS); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "make deps: installing $$missing"; \
	  SUDO=$$( [ $$(id -u) -eq 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing; \
	fi

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	@$(CC) $(CFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/libttmodel.a: $(MODEL_OBJS)
	@echo "  AR      $@"
	@rm -f $@ && ar rcs $@ $^

$(BUILD)/libtttb.a: $(TB_C_OBJS)
	@echo "  AR      $@"
	@rm -f $@ && ar rcs $@ $^

$(BUILD)/ttmodel: $(BUILD)/tb/ttmodel_main.o $(BUILD)/libtttb.a $(BUILD)/libttmodel.a
	@echo "  LINK    $@"
	@$(CC) $(SANFLAGS) -o $@ $^ -lcjson -lm

model: $(BUILD)/ttmodel $(BUILD)/libttmodel.a

# The checker's own tests link the checker ($(COSIM_C), dpi/state_check.c) as well.
$(BUILD)/unit/test_cosim: $(COSIM_C:%.c=$(BUILD)/%.o) $(BUILD)/dpi/state_check.o $(BUILD)/dpi/coverage.o
$(BUILD)/unit/test_coverage: $(BUILD)/dpi/coverage.o
$(BUILD)/unit/test_state_check: $(BUILD)/dpi/state_check.o
# test_trisc also runs a real program from the Debian cross compiler (make deps installs it):
# a checksum loop, recursion on the local-RAM stack, mul/div/rem (tests/unit/trisc_prog.c)
# the cross compiler the kernels use (KERNEL_CC, below)
RV_CC = $(KERNEL_CC)
# min-pagesize=0: the kernels store to fixed addresses near 0 (L1), which gcc 12 otherwise flags
RV_CFLAGS := -march=rv32im_zicsr -mabi=ilp32 -nostdlib -ffreestanding -static -O2 -Wall -Wextra -Werror --param=min-pagesize=0
$(BUILD)/unit/trisc_prog.elf: tests/unit/trisc_prog.c
	@mkdir -p $(dir $@)
	@command -v $(RV_CC) >/dev/null || { echo "$(RV_CC) not found: run make deps (gcc-riscv64-unknown-elf)"; exit 1; }
	@echo "  RVCC    $<"
	@$(RV_CC) $(RV_CFLAGS) -Wl,-Ttext=0x1000 -Wl,-e,_start -Wl,-z,max-page-size=16 -o $@ $<
$(BUILD)/unit/test_trisc: $(BUILD)/unit/trisc_prog.elf
$(BUILD)/unit/test_trisc: CFLAGS += -DTRISC_PROG_ELF='"$(abspath $(BUILD))/unit/trisc_prog.elf"'
$(BUILD)/unit/%: tests/unit/%.c $(BUILD)/libtttb.a $(BUILD)/libttmodel.a
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	@$(CC) $(CFLAGS) -o $@ $< $(filter %.o,$^) $(BUILD)/libtttb.a $(BUILD)/libttmodel.a -lcmocka -lcjson -lm

unit: $(UNIT_TESTS)
	@fail=0; for t in $(UNIT_TESTS); do echo "== $$t"; $$t || fail=1; done; \
	  echo "== tests/coverage/test_coverage_report.py"; python3 tests/coverage/test_coverage_report.py || fail=1; \
	  echo "== tests/coverage/test_gen_weights.py"; python3 tests/coverage/test_gen_weights.py || fail=1; \
	  echo "== tools/mx_ref.py --self-check (the independent arithmetic reference's hand-worked cases)"; \
	  python3 tools/mx_ref.py --self-check || fail=1; exit $$fail

# ---- RTL and lockstep harnesses (Verilator) ------------------------------------------------------
VERILATOR ?= verilator
VINC := $(shell $(VERILATOR) --getenv VERILATOR_ROOT 2>/dev/null)/include
RTL_PKGS := rtl_stubs/tt_pkg.sv rtl_stubs/tt_inj_pkg.sv rtl_stubs/tt_sfpu_pkg.sv
RTL_SRCS := $(RTL_PKGS) $(filter-out $(RTL_PKGS),$(sort $(wildcard rtl_stubs/*.sv)))
TB_SV := tb/tb_stall_probe.sv tb/tb_top.sv
# -O3 on the generated C++ is the speed lever (docs/speed.md); tracing is compiled in and only
# the stall probe is traced.
VFLAGS := --top-module tb_top --trace -Wno-fatal -Wno-DECLFILENAME -Wno-UNUSEDSIGNAL --x-assign fast \
          --x-initial fast -O3 -MAKEFLAGS OPT_FAST=-O3 -MAKEFLAGS OPT_SLOW=-O1
# The C++ harness's generated code is compiled with clang: 3-13% less CPU than g++ on the bench
# streams (paired runs, docs/speed.md); -Os and g++ profile-guided builds were measured and not
# taken. The SystemC harness too, with -std=gnu++17: Debian's SystemC library is built for C++17
# (g++'s default) and clang 14's default (C++14) does not link against it; clang compiles the
# generated code with 12-38% less CPU than g++ (three files; docs/tests.md "make test's time").
VCXX_CC := -MAKEFLAGS CXX=clang++ -MAKEFLAGS LINK=clang++
VCXX_SC := $(VCXX_CC) -CFLAGS -std=gnu++17
DPI_HDR := $(BUILD)/dpi_hdr/tb_top_dpi.h
HARNESS_C := tb/harness.c $(COSIM_C) dpi/state_check.c dpi/coverage.c dpi/cosim_dpi.c
HARNESS_OBJS := $(HARNESS_C:%.c=$(BUILD)/%.o)
LIBS_ABS := $(abspath $(BUILD)/libttharness.a $(BUILD)/libtttb.a $(BUILD)/libttmodel.a)

$(DPI_HDR): $(RTL_SRCS) $(TB_SV)
	@mkdir -p $(dir $@)
	@echo "  VERILATE (DPI header)"
	@$(VERILATOR) --dpi-hdr-only --Mdir $(BUILD)/dpi_hdr $(VFLAGS) $(RTL_SRCS) $(TB_SV)
	@cp $(BUILD)/dpi_hdr/Vtb_top__Dpi.h $@

$(BUILD)/dpi/cosim_dpi.o: CFLAGS += -I$(VINC) -I$(VINC)/vltstd -I$(BUILD)/dpi_hdr
$(BUILD)/dpi/cosim_dpi.o: $(DPI_HDR)

# the printed gtkwave commands name the view by its absolute path (tb_gtkwave_command): the build's
# stalls.gtkw, else this tree's waves/stalls.gtkw from the tree's root
$(BUILD)/tb/harness.o: CFLAGS += -DTT_SOURCE_DIR='"$(CURDIR)"' -DTT_STALLS_GTKW='"$(abspath $(BUILD))/stalls.gtkw"'

$(BUILD)/libttharness.a: $(HARNESS_OBJS)
	@echo "  AR      $@"
	@rm -f $@ && ar rcs $@ $^

HARNESS_LIBS := $(BUILD)/libttharness.a $(BUILD)/libtttb.a $(BUILD)/libttmodel.a

# The speed build (issue 31; docs/speed.md "Injection terms out of the speed build"): build/ttcosim,
# the binary users run and bench, ties the injection mask to the constant 0 (TT_NO_INJ,
# rtl_stubs/tt_inj_pkg.sv), so that Verilator folds every DELIBERATE BUG term away; it refuses an
# +inject. build/ttcosim_sc keeps the injections: make inject, make regress's injections and the
# shrinker's self-test run there (no fifth tt_core build).
VDEFS_SPEED := -DTT_NO_INJ
# A changed .a does not make Verilator relink by itself: remove the binary first.
$(BUILD)/ttcosim: $(RTL_SRCS) $(TB_SV) tb/main.cpp $(HARNESS_LIBS)
	@rm -f $(BUILD)/obj_cc/Vtb_top
	@echo "  VERILATE $@ (log: $(BUILD)/verilate_cc.log)"
	@$(VERILATOR) --cc --exe --build -j $(JOBS) --Mdir $(BUILD)/obj_cc $(VFLAGS) $(VDEFS_SPEED) $(VCXX_CC) \
	  -CFLAGS "-DVL_USER_FINISH -DVL_USER_FATAL -I$(CURDIR)/tb -I$(CURDIR)/dpi -I$(CURDIR)/ref_model/include" \
	  -LDFLAGS "$(LIBS_ABS) -lcjson -lm" $(RTL_SRCS) $(TB_SV) $(CURDIR)/tb/main.cpp > $(BUILD)/verilate_cc.log 2>&1 \
	  || { tail -40 $(BUILD)/verilate_cc.log; exit 1; }
	@cp $(BUILD)/obj_cc/Vtb_top $@

$(BUILD)/ttcosim_sc: $(RTL_SRCS) $(TB_SV) tb/main_sc.cpp $(HARNESS_LIBS)
	@rm -f $(BUILD)/obj_sc/Vtb_top
	@echo "  VERILATE $@ (log: $(BUILD)/verilate_sc.log)"
	@$(VERILATOR) --sc --exe --build -j $(JOBS) --Mdir $(BUILD)/obj_sc $(VFLAGS) $(VCXX_SC) \
	  -CFLAGS "-DVL_USER_FINISH -DVL_USER_FATAL -I$(CURDIR)/tb -I$(CURDIR)/dpi -I$(CURDIR)/ref_model/include" \
	  -LDFLAGS "$(LIBS_ABS) -lcjson -lm" $(RTL_SRCS) $(TB_SV) $(CURDIR)/tb/main_sc.cpp > $(BUILD)/verilate_sc.log 2>&1 \
	  || { tail -40 $(BUILD)/verilate_sc.log; exit 1; }
	@cp $(BUILD)/obj_sc/Vtb_top $@

rtl: $(BUILD)/ttcosim $(BUILD)/ttcosim_sc

# Verilator's lint with every warning on, over what both lockstep builds compile (same top, files
# and flags; the SystemC build differs only in --sc), without the builds' -Wno-* and -Wno-fatal:
# any warning fails. Intended ones are waived one by one, each with its reason, in
# rtl_stubs/lint_waivers.vlt; the rest are fixed in the RTL.
LINT_VLT := rtl_stubs/lint_waivers.vlt
# The alternative configuration units (RTL_CFG=alt, rr) are linted the same way, each swapped in
# for the house unit: one more run per alternative.
# The runs at once (tests/run_par.sh: 2 cores; docs/tests.md "make test's time").
lint:
	@tests/run_par.sh \
	  "lint: $(VERILATOR) --lint-only -Wall, top tb_top (waivers: $(LINT_VLT))" \
	    '$(VERILATOR) --lint-only -Wall $(filter-out -Wno-%,$(VFLAGS)) $(LINT_VLT) $(RTL_SRCS) $(TB_SV) && echo "lint: no warnings"' \
	  $(foreach a,$(RTL_CFG_ALTS),"lint, RTL_CFG=$(a): $(RTL_CFG_FILE_$(a)) swapped in" \
	    '$(VERILATOR) --lint-only -Wall $(filter-out -Wno-%,$(VFLAGS)) $(LINT_VLT) $(filter-out rtl_stubs/tt_cfg_unit.sv,$(RTL_SRCS)) $(RTL_CFG_FILE_$(a)) $(TB_SV) && echo "lint: no warnings"')

# ---- Bring your own RTL (issue 28 part 2; docs/design.md "Plug in your RTL") ------------------------
# RTL_CFG=alt swaps the configuration unit for rtl_stubs/alt/tt_cfg_unit.sv (same module name and
# ports, built differently) in a binary of its own, build/ttcosim_cfgalt; RTL_CFG=rr for
# rtl_stubs/alt_rr/tt_cfg_unit.sv (the clean-room unit, written from the docs alone: round robin,
# one instruction at a time, taken in the retire cycle), build/ttcosim_cfgrr. The house build is
# untouched. `make RTL_CFG=alt` (or rr) builds it. Their generated C++ is compiled at -O1, not -O3:
# they run the directed suite and short streams, where the build costs more than the run (measured:
# 2.4 min of CPU against 2.9 at -O3, the same 7-8 s for the directed suite; docs/design.md).
RTL_CFG ?= house
RTL_CFG_ALTS := alt rr
RTL_CFG_FILE_alt := rtl_stubs/alt/tt_cfg_unit.sv
RTL_CFG_FILE_rr := rtl_stubs/alt_rr/tt_cfg_unit.sv
ifneq ($(filter-out house $(RTL_CFG_ALTS),$(RTL_CFG)),)
$(error RTL_CFG=$(RTL_CFG): expected house (rtl_stubs/tt_cfg_unit.sv), alt (rtl_stubs/alt/tt_cfg_unit.sv) or rr (rtl_stubs/alt_rr/tt_cfg_unit.sv))
endif
ifneq ($(RTL_CFG),house)
.DEFAULT_GOAL := $(BUILD)/ttcosim_cfg$(RTL_CFG)
endif
# Their run-once code (constructors, initial settle: Verilator's __Slow files) at -O0: 43 s of CPU
# instead of 72 s per build for about 3.5 ms more per run, some 1240 runs in byo-test (docs/tests.md
# "make test's time"; the house builds keep -O1: make regress and make mutate run them far more).
VFLAGS_CFGALT := $(subst OPT_SLOW=-O1,OPT_SLOW=-O0,$(subst OPT_FAST=-O3,OPT_FAST=-O1,$(VFLAGS)))

# build/ttcosim_cfgNAME from the house file list with RTL_CFG_FILE_NAME swapped in
define cfg_alt_build
RTL_SRCS_CFG$(1) := $$(filter-out rtl_stubs/tt_cfg_unit.sv,$$(RTL_SRCS)) $$(RTL_CFG_FILE_$(1))
$$(BUILD)/ttcosim_cfg$(1): $$(RTL_SRCS_CFG$(1)) $$(TB_SV) tb/main.cpp $$(HARNESS_LIBS)
	@rm -f $$(BUILD)/obj_cfg$(1)/Vtb_top
	@echo "  VERILATE $$@ ($$(RTL_CFG_FILE_$(1)); log: $$(BUILD)/verilate_cfg$(1).log)"
	@$$(VERILATOR) --cc --exe --build -j $$(JOBS) --Mdir $$(BUILD)/obj_cfg$(1) $$(VFLAGS_CFGALT) $$(VCXX_CC) \
	  -CFLAGS "-DVL_USER_FINISH -DVL_USER_FATAL -I$$(CURDIR)/tb -I$$(CURDIR)/dpi -I$$(CURDIR)/ref_model/include" \
	  -LDFLAGS "$$(LIBS_ABS) -lcjson -lm" $$(RTL_SRCS_CFG$(1)) $$(TB_SV) $$(CURDIR)/tb/main.cpp > $$(BUILD)/verilate_cfg$(1).log 2>&1 \
	  || { tail -40 $$(BUILD)/verilate_cfg$(1).log; exit 1; }
	@cp $$(BUILD)/obj_cfg$(1)/Vtb_top $$@
endef
$(foreach a,$(RTL_CFG_ALTS),$(eval $(call cfg_alt_build,$(a))))

# Each worked example passes the whole directed suite (and random streams, and the race suite) in
# lockstep with its own timing profile, and fails on a timing rule with the other profiles, as the
# house RTL does with its profile (the profile's parameters are used). tests/run_byo.sh BINARY
# PROFILE MODEL TESTS...; BYO_RANDOM scales its random streams (1 = 100/50/30 seeds). The two units
# at once (tests/run_par.sh: each runner one process at a time, temporary files of its own).
byo-test: $(BUILD)/ttcosim_cfgalt $(BUILD)/ttcosim_cfgrr $(BUILD)/ttmodel $(BUILD)/ttcosim
	@tests/run_par.sh \
	  "byo-test: $(BUILD)/ttcosim_cfgalt, profile cfg_alt" 'tests/run_byo.sh $(BUILD)/ttcosim_cfgalt cfg_alt $(BUILD)/ttmodel $(DIRECTED)' \
	  "byo-test: $(BUILD)/ttcosim_cfgrr, profile cfg_rr" 'tests/run_byo.sh $(BUILD)/ttcosim_cfgrr cfg_rr $(BUILD)/ttmodel $(DIRECTED)'

# ---- Tests ------------------------------------------------------------------------------------------
DIRECTED := $(sort $(wildcard tests/directed/*.tts))
# the first half's size, for suites split in two runs at once (model-timing-test)
DIRECTED_HALF := $(shell echo $$(( ($(words $(DIRECTED)) + 1) / 2 )))
DIRECTED_HALF_NEXT := $(shell echo $$(( $(DIRECTED_HALF) + 1 )))

test: test-builds lint docs-test layers-test contract-test kernels kernel-test unit conv-test pack-conv-test sfpu-rtl-test sfpu-test mutate-test negative directed model-timing-test byo-test inject hazard-test random waves-test wave-window-test shrink-test signals-test slurm-test sanitize fuzz
	@echo "make test: all suites passed"

# What make test builds, built first, two at a time (docs/tests.md "make test's time"): one
# Verilator build's single-threaded verilation (about a minute for tt_core) then overlaps another's
# C++ compile instead of leaving a core idle.
TEST_BUILDS := $(BUILD)/ttmodel $(UNIT_TESTS) $(BUILD)/ttcosim $(BUILD)/ttcosim_sc \
  $(foreach a,$(RTL_CFG_ALTS),$(BUILD)/ttcosim_cfg$(a)) $(BUILD)/conv_compare $(BUILD)/pack_conv_compare \
  $(BUILD)/sfpu_rtl_compare $(BUILD)/sfpu_ops_test
test-builds:
	@$(MAKE) --no-print-directory -j2 $(TEST_BUILDS)

# docs/design.md's contract tables agree with tt_core's ports, tt_pkg's types and constants and
# dpi/retire_fields.def; and the checker fails on each planted difference (docs/design.md "The RTL boundary")
contract-test:
	@python3 tools/check_contract.py && python3 tests/contract/test_check_contract.py

# every relative link and #anchor in README.md and docs/ points to a real file and heading; no text
# file names an absolute path of one machine; the README's samples (<!-- sample --> blocks) print
# what they say (they run build/ttcosim, build/ttmodel and make run: built first); the checks' own test
docs-test: $(BUILD)/ttmodel $(BUILD)/ttcosim $(BUILD)/stalls.gtkw
	@python3 tools/check_doc_links.py README.md docs/*.md rtl_stubs/README.md waves/README.md tests/random/README.md \
	  && echo "docs-test: every link and anchor resolves"
	@python3 tools/check_abs_paths.py && echo "docs-test: no absolute path of one machine in the tree's text files"
	@$(if $(filter build,$(BUILD)),python3 tools/check_samples.py README.md | sed 's/^\([0-9]* samples\)/docs-test: README.md: \1/'; exit $${PIPESTATUS[0]},echo "docs-test: README samples not run: they name build/, this is BUILD=$(BUILD)")
	@python3 tests/docs/test_doc_checks.py > $(BUILD)/docs_checks.log 2>&1 || { cat $(BUILD)/docs_checks.log; exit 1; }
	@echo "docs-test: the checks fail on a stale sample and on an absolute path ($$(tail -1 $(BUILD)/docs_checks.log))"

# No circle among the tree's files and every dependency down the layers tools -> tb -> dpi -> ref_model
# (tools/check_layers.py: calls from the objects' symbols, #includes, Python imports; issue 28 part 3),
# after the check itself has caught the cycles and upward dependencies planted in tiny trees.
LAYER_OBJS := $(MODEL_OBJS) $(TB_C_OBJS) $(HARNESS_OBJS) $(BUILD)/tb/ttmodel_main.o $(BUILD)/tools/gen_stall_filter.o
layers-test: $(LAYER_OBJS)
	@echo "== layers: the check on planted cycles and upward dependencies (tests/layers/test_check_layers.py)"
	@python3 tests/layers/test_check_layers.py
	@echo "== layers: the tree (tools/check_layers.py)"
	@python3 tools/check_layers.py --build $(BUILD)

# the four passes at once (tests/run_par.sh: 2 cores), each printed whole in this order
directed: $(BUILD)/ttmodel $(BUILD)/ttcosim $(BUILD)/ttcosim_sc
	@tests/run_par.sh \
	  "directed tests, model alone (ttmodel run)" 'tests/run_directed.sh "$(BUILD)/ttmodel run" $(DIRECTED)' \
	  "directed tests, lockstep, C++ harness (ttcosim)" 'tests/run_directed.sh "$(BUILD)/ttcosim" $(DIRECTED)' \
	  "directed tests, lockstep, SystemC harness (ttcosim_sc)" 'tests/run_directed.sh "$(BUILD)/ttcosim_sc" $(DIRECTED)' \
	  "directed tests, lockstep without the timing trace (+timing=0: function only; docs/design.md \"Optional outputs\")" \
	    'tests/run_directed.sh "$(BUILD)/ttcosim +timing=0" $(DIRECTED)'

# tt-llk's SFPU kernels (issue 30; tests/sfpu/*.tts, written by tools/sfpu_ref.py):
# the reference's hand-worked self-test, the files current, the kernels on the model alone and in
# lockstep, SFPU_REF_SEEDS random SFPU streams with the reference's Dest as expectations on the model
# alone, then SFPU_SEEDS random SFPU streams (tools/random_sfpu.py) in lockstep
SFPU_REF_SEEDS ?= 100
SFPU_SEEDS ?= 20
SFPU_LENGTH ?= 200
.PHONY: sfpu-test
sfpu-test: $(BUILD)/ttmodel $(BUILD)/ttcosim
	@echo "== sfpu-test: the SFPU reference's hand-worked cases (tools/sfpu_ref.py --self-test)"
	@python3 tools/sfpu_ref.py --self-test
	@echo "== sfpu-test: tests/sfpu is what tools/sfpu_ref.py writes (--check)"
	@python3 tools/sfpu_ref.py --check
	@echo "== sfpu-test: make mutate's random SFPU streams (10 seeds x 200) draw each of docs/mutation.md's list (random_sfpu.py --coverage --require)"
	@python3 tools/random_sfpu.py --coverage --require --seeds 10 --length 200 > /dev/null
	@python3 tools/random_sfpu.py --coverage --require --seeds 10 --length 200 --ref > /dev/null
	@echo "== sfpu-test: tt-llk's SFPU kernels, model alone (ttmodel run)"
	@tests/run_directed.sh "$(BUILD)/ttmodel run" tests/sfpu/*.tts
	@echo "== sfpu-test: tt-llk's SFPU kernels, lockstep (ttcosim)"
	@tests/run_directed.sh "$(BUILD)/ttcosim" tests/sfpu/*.tts
	@echo "== sfpu-test: random SFPU streams with tools/sfpu_ref.py's Dest, model alone: $(SFPU_REF_SEEDS) seeds, $(SFPU_LENGTH) long"
	@mkdir -p $(BUILD)/random
	@GEN_ARGS=--sfpu-ref RANDOM_DIR=$(BUILD)/random tests/random/run_random.sh "$(BUILD)/ttmodel run" $(SFPU_REF_SEEDS) $(SFPU_LENGTH) $(FIRST_SEED)
	@echo "== sfpu-test: random SFPU streams, lockstep: $(SFPU_SEEDS) seeds from $(FIRST_SEED), $(SFPU_LENGTH) long"
	@mkdir -p $(BUILD)/random
	@GEN_ARGS=--sfpu RANDOM_DIR=$(BUILD)/random tests/random/run_random.sh "$(BUILD)/ttcosim" $(SFPU_SEEDS) $(SFPU_LENGTH) $(FIRST_SEED)

# The model alone is cycle-level (issue 27 part 2): `ttmodel run` (its scheduler, judged by the timing
# reference every cycle, its `expect retire` lines checked) ends every directed test in the same
# cycle as lockstep; lists the tests that differ.
model-timing-test: $(BUILD)/ttmodel $(BUILD)/ttcosim
	@echo "== directed tests, model alone against lockstep: the same final cycle (tests/run_model_timing.sh)"
	@tests/run_par.sh \
	  "directed tests 1-$(DIRECTED_HALF)" 'tests/run_model_timing.sh $(BUILD)/ttmodel $(BUILD)/ttcosim $(wordlist 1,$(DIRECTED_HALF),$(DIRECTED))' \
	  "directed tests $(DIRECTED_HALF_NEXT)-$(words $(DIRECTED))" 'tests/run_model_timing.sh $(BUILD)/ttmodel $(BUILD)/ttcosim $(wordlist $(DIRECTED_HALF_NEXT),$(words $(DIRECTED)),$(DIRECTED))'

# +wave_window=N: the stall VCD of the N cycles up to a failure, both harnesses (issue 8 part 4); the
# printed gtkwave command names build/stalls.gtkw, so it is built first (alone, the test failed without it)
wave-window-test: $(BUILD)/ttcosim $(BUILD)/ttcosim_sc $(BUILD)/stalls.gtkw
	@echo "== +wave_window: the VCD of the cycles before a mismatch"
	@python3 tests/waves/test_wave_window.py $(BUILD)

# tools/shrink.py against a stand-in harness, then make regress's path on an injected bug (issue 8 part 4)
shrink-test: $(BUILD)/ttmodel $(BUILD)/ttcosim $(BUILD)/ttcosim_sc
	@echo "== shrinking a failing random seed (tools/shrink.py, tools/regress.py)"
	@tests/shrink/run_shrink_test.sh $(BUILD)

# SIGINT / SIGTERM end a run with its report and the VCD's tail (issue 8 part 1)
signals-test: $(BUILD)/ttcosim $(BUILD)/ttcosim_sc
	@echo "== signals: a run stopped by SIGINT or SIGTERM keeps its report and its VCD"
	@tests/run_signals.sh $(BUILD)

negative: $(BUILD)/ttmodel $(BUILD)/ttcosim $(BUILD)/ttcosim_sc
	@tests/run_par.sh \
	  "negative tests, model alone" 'tests/run_negative.sh $(BUILD)/ttmodel' \
	  "negative tests, lockstep (C++ harness)" 'tests/run_negative.sh --lockstep $(BUILD)/ttcosim' \
	  "negative tests, lockstep (SystemC harness)" 'tests/run_negative.sh --lockstep $(BUILD)/ttcosim_sc'

# on build/ttcosim_sc: build/ttcosim is the speed build, without the injections (VDEFS_SPEED)
inject: $(BUILD)/ttcosim_sc kernels
	@echo "== injected RTL bugs must be caught (every other injection in each of two runs at once)"
	@tests/run_par.sh \
	  "injected RTL bugs, shard 0/2" 'tests/run_inject.sh $(BUILD)/ttcosim_sc 0/2' \
	  "injected RTL bugs, shard 1/2" 'tests/run_inject.sh $(BUILD)/ttcosim_sc 1/2'

# the race detector: each tests/hazard/*.tts must end in HAZARD (docs/decisions.md "Race detector")
hazard-test: $(BUILD)/ttmodel $(BUILD)/ttcosim $(BUILD)/ttcosim_sc
	@echo "== races must be reported (tests/hazard: the model alone, C++ and SystemC harnesses)"
	@tests/run_par.sh \
	  "tests/hazard, model alone" 'tests/run_hazard.sh "$(BUILD)/ttmodel run"' \
	  "tests/hazard, C++ harness" 'tests/run_hazard.sh $(BUILD)/ttcosim' \
	  "tests/hazard, SystemC harness" 'tests/run_hazard.sh $(BUILD)/ttcosim_sc' \
	  "random unpack streams with their waits dropped must end in HAZARD (50 seeds)" \
	    'tests/random/run_drop_waits.sh $(BUILD)/ttcosim 50' \
	  "random pack streams with their waits dropped must end in HAZARD (40 seeds)" \
	    'tests/random/run_drop_waits.sh $(BUILD)/ttcosim 40 60 1 pack' \
	  "random three-thread programs with a wait dropped must end in HAZARD (30 seeds)" \
	    'tests/random/run_drop_waits.sh $(BUILD)/ttcosim 30 200 1 threads'

# make bench BENCH_REF=<commit>: the table, then the paired comparison against that commit
# (tools/bench_pair.py, below).
bench: $(BUILD)/ttmodel $(BUILD)/ttcosim $(BUILD)/ttcosim_sc
	@tests/bench/bench.sh $(BUILD)
	@$(if $(BENCH_REF),python3 tools/bench_pair.py --build $(BUILD) --ref $(BENCH_REF) --runs $(BENCH_PAIR_RUNS))

# Work per second, paired (issue 31; docs/speed.md "Issue 31: work per second, paired"): REF's
# ttcosim and ttmodel built once in a scratch worktree, $(BUILD)/bench_pair/<full hash>/ (remove with
# `git worktree remove --force` and rm -r), the three streams run REF and HEAD alternated,
# BENCH_PAIR_RUNS each, medians of CPU time, one table. bench-pair-test: the script's checks on
# stand-in binaries (no build).
REF ?= 21a3439
BENCH_PAIR_RUNS ?= 5
.PHONY: bench-pair bench-pair-test
bench-pair: $(BUILD)/ttmodel $(BUILD)/ttcosim
	@python3 tools/bench_pair.py --build $(BUILD) --ref $(REF) --runs $(BENCH_PAIR_RUNS)
bench-pair-test:
	@tests/bench/test_bench_pair.sh

# ---- Constrained-random lockstep tests (tools/gen_random.py, tests/random/run_random.sh) -----------
# Fixed seeds, so `make test` is reproducible; both harnesses run at once (2 cores: ~30 s for 200
# seeds). More: make random SEEDS=1000 LENGTH=400 FIRST_SEED=5000. A failing seed's .tts is kept in
# $(BUILD)/random/ and its repro command printed.
SEEDS ?= 200
LENGTH ?= 200
FIRST_SEED ?= 1
# Unpack streams (tools/random_unpack.py): UNPACK_SEEDS seeds of UNPACK_LENGTH, the same way.
UNPACK_SEEDS ?= 100
UNPACK_LENGTH ?= 240
PACK_SEEDS ?= 100
PACK_LENGTH ?= 200
MATH_SEEDS ?= 100
MATH_LENGTH ?= 120
random: $(BUILD)/ttcosim $(BUILD)/ttcosim_sc
	@echo "== constrained-random lockstep tests: $(SEEDS) seeds from $(FIRST_SEED), $(LENGTH) per thread"
	@tests/random/run_both.sh $(BUILD) "" $(SEEDS) $(LENGTH) $(FIRST_SEED)
	@echo "== seeds that found generator bugs: 20 at length 240 (a BRISC push between an RDCFG and its STALLWAIT)"
	@tests/random/run_both.sh $(BUILD) "" 1 240 20
	@echo "== constrained-random unpack streams: $(UNPACK_SEEDS) seeds from $(FIRST_SEED), $(UNPACK_LENGTH) long"
	@tests/random/run_both.sh $(BUILD) --unpack $(UNPACK_SEEDS) $(UNPACK_LENGTH) $(FIRST_SEED)
	@echo "== constrained-random pack streams: $(PACK_SEEDS) seeds from $(FIRST_SEED), $(PACK_LENGTH) long"
	@tests/random/run_both.sh $(BUILD) --pack $(PACK_SEEDS) $(PACK_LENGTH) $(FIRST_SEED)
	@echo "== constrained-random matrix-unit arithmetic: $(MATH_SEEDS) seeds from $(FIRST_SEED), $(MATH_LENGTH) long"
	@tests/random/run_both.sh $(BUILD) --math $(MATH_SEEDS) $(MATH_LENGTH) $(FIRST_SEED)

# make run TEST=tests/directed/X.tts [WAVES=1] [ARGS="+max_cycles=..."]; with WAVES=1 the harness
# prints the gtkwave command (absolute paths, build/stalls.gtkw), after a failing run too; a test of
# tests/kernels/ has its ELFs built first (make kernels' compile step, without its checks)
run: $(BUILD)/ttcosim $(if $(WAVES),$(BUILD)/stalls.gtkw)
	@test -n "$(TEST)" || { echo "usage: make run TEST=tests/directed/NAME.tts [WAVES=1]"; exit 2; }
	@mkdir -p $(BUILD)/waves
	$(BUILD)/ttcosim $(TEST) $(if $(WAVES),+trace=$(BUILD)/waves/$(basename $(notdir $(TEST))).vcd) $(ARGS)

# make stream TILES=N IN=fmt OUT=fmt [SEED=S] [ARGS="+trace=..."]: a three-thread tile stream
# (tools/gen_tile_stream.py: unpack -> MOVA2D -> pack, expected L1 from the generator's own rules), in lockstep
TILES ?= 10
IN ?= bf16
OUT ?= bf16
SEED ?= 1
stream: $(BUILD)/ttcosim
	@mkdir -p $(BUILD)/stream
	python3 tools/gen_tile_stream.py --tiles $(TILES) --in $(IN) --out $(OUT) --seed $(SEED) -o $(BUILD)/stream/stream_$(IN)_$(OUT)_$(TILES).tts
	$(BUILD)/ttcosim $(BUILD)/stream/stream_$(IN)_$(OUT)_$(TILES).tts $(ARGS)

# ---- Stall waves (waves/README.md) --------------------------------------------------------------
# The translate filter that shows stall-reason codes by name, generated from tb_stall_name().
$(BUILD)/gen_stall_filter: tools/gen_stall_filter.c $(HARNESS_LIBS)
	@echo "  CC      $<"
	@$(CC) $(CFLAGS) -o $@ $< $(HARNESS_LIBS) -lcjson -lm

$(BUILD)/stall_reason.txt: $(BUILD)/gen_stall_filter
	@$< $@

# The view as waves/stalls.gtkw, with the filter named by its absolute path, so that the gtkwave
# commands the harnesses and `make run` print work from any directory (waves/stalls.gtkw names
# build/stall_reason.txt relative to the directory gtkwave starts in).
$(BUILD)/stalls.gtkw: waves/stalls.gtkw $(BUILD)/stall_reason.txt
	@sed 's|^\^1 build/stall_reason\.txt$$|^1 $(abspath $(BUILD))/stall_reason.txt|' $< > $@

rtl: $(BUILD)/stall_reason.txt $(BUILD)/stalls.gtkw

# GTKWave, headless, on a real stall VCD: every signal of waves/stalls.gtkw is in the dump and
# shown, and the stall reasons show by name. Run from the repo root (the view's filter path).
# The stall tour must show every stall kind in its VCD, and GTKWave must show them by name.
WAVES_TEST ?= tests/directed/stall_reasons_tour.tts
STALL_KINDS := NONE FIFO_EMPTY WAIT_GATE UNIT_BUSY SEM_WAIT MUTEX BANK_WAIT
# the matrix unit's acceptance rules (stall MATH_RULE) in their own test's waves
MATH_RULE_TEST := tests/directed/timing_matrix_a2d_d2a.tts
# a lost round robin (ARB_LOST) and the other unpacker's address cycles (UNP_ADDR) in theirs
ARB_TEST := tests/directed/timing_stall_arb_unp_addr.tts
waves-test: $(BUILD)/ttcosim $(BUILD)/stall_reason.txt $(BUILD)/stalls.gtkw
	@echo "== stall waves in GTKWave ($(WAVES_TEST))"
	@mkdir -p $(BUILD)/waves
	@$(BUILD)/ttcosim $(WAVES_TEST) +trace=$(BUILD)/waves/waves_test.vcd > $(BUILD)/waves/waves_test.log 2>&1 \
	  || { cat $(BUILD)/waves/waves_test.log; exit 1; }
	@tests/waves/stall_kinds_in_vcd.sh $(BUILD)/waves/waves_test.vcd $(STALL_KINDS)
	@$(BUILD)/ttcosim $(MATH_RULE_TEST) +trace=$(BUILD)/waves/math_rule.vcd > $(BUILD)/waves/math_rule.log 2>&1 \
	  || { cat $(BUILD)/waves/math_rule.log; exit 1; }
	@tests/waves/stall_kinds_in_vcd.sh $(BUILD)/waves/math_rule.vcd MATH_RULE
	@$(BUILD)/ttcosim $(ARB_TEST) +trace=$(BUILD)/waves/arb.vcd > $(BUILD)/waves/arb.log 2>&1 \
	  || { cat $(BUILD)/waves/arb.log; exit 1; }
	@tests/waves/stall_kinds_in_vcd.sh $(BUILD)/waves/arb.vcd UNP_ADDR ARB_LOST
	@tests/waves/run_gtkwave_test.sh $(BUILD)/waves/waves_test.vcd waves/stalls.gtkw
	@echo "== the gtkwave command a +trace run prints works from another directory"
	@tests/waves/test_printed_command.sh $(BUILD) $(WAVES_TEST)

# The README's screenshot of the stall view: a real GTKWave window under Xvfb.
SHOT_PKGS := x11-apps imagemagick
SHOT_WINDOW ?= 230 1020
waves-screenshot: $(BUILD)/ttcosim $(BUILD)/stall_reason.txt
	@missing=$$(for p in $(SHOT_PKGS); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  SUDO=$$( [ $$(id -u) -eq 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing; \
	fi
	@mkdir -p $(BUILD)/waves
	@$(BUILD)/ttcosim $(WAVES_TEST) +trace=$(BUILD)/waves/waves_test.vcd > /dev/null
	@tools/waves_screenshot.sh $(BUILD)/waves/waves_test.vcd waves/stalls.gtkw waves/stalls.png $(SHOT_WINDOW)

isa-table:
	python3 tools/gen_isa.py

regs-table:
	python3 tools/gen_regs.py ../shared/ref/blackhole-tensix-regs.json tb/cfg_regs_table.h

clean:
	rm -rf $(BUILD)

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

# ---- The datum converter alone: RTL against the model, exhaustively (tests/conv/) ----------------
$(BUILD)/conv_compare: rtl_stubs/tt_pkg.sv rtl_stubs/tt_unpack_convert.sv tests/conv/conv_compare.cpp $(BUILD)/libttmodel.a
	@rm -f $(BUILD)/obj_conv/Vtt_unpack_convert
	@echo "  VERILATE $@"
	@$(VERILATOR) --cc --exe --build -j $(JOBS) --Mdir $(BUILD)/obj_conv --top-module tt_unpack_convert -Wno-fatal \
	  -O3 -MAKEFLAGS OPT_FAST=-O2 -CFLAGS "-I$(CURDIR)/ref_model/src -I$(CURDIR)/ref_model/include" \
	  -LDFLAGS "$(abspath $(BUILD)/libttmodel.a)" rtl_stubs/tt_pkg.sv rtl_stubs/tt_unpack_convert.sv $(CURDIR)/tests/conv/conv_compare.cpp \
	  > $(BUILD)/verilate_conv.log 2>&1 || { tail -30 $(BUILD)/verilate_conv.log; exit 1; }
	@cp $(BUILD)/obj_conv/Vtt_unpack_convert $@

conv-test: $(BUILD)/conv_compare
	@echo "== datum converter: RTL (tt_unpack_convert.sv) against the model, exhaustive"
	@$(BUILD)/conv_compare

# ---- The SFPU's per-lane functions alone: RTL against the model (tests/sfpu_rtl/) ---------------
# rtl_stubs/tt_sfpu_pkg.sv behind a one-lane test top; hand-worked cases from the pages, then random
# instruction words per instruction and mode on the model's tt_sfpu_exec, lane by lane.
SFPU_OPS_SV := rtl_stubs/tt_sfpu_pkg.sv tests/sfpu_rtl/tb_sfpu_ops.sv
$(BUILD)/sfpu_ops_test: $(SFPU_OPS_SV) tests/sfpu_rtl/sfpu_ops_main.cpp $(BUILD)/libttmodel.a
	@rm -f $(BUILD)/obj_sfpu_ops/Vtb_sfpu_ops
	@echo "  VERILATE $@"
	@$(VERILATOR) --cc --exe --build -j $(JOBS) --Mdir $(BUILD)/obj_sfpu_ops --top-module tb_sfpu_ops -Wno-fatal \
	  -O3 -MAKEFLAGS OPT_FAST=-O2 -CFLAGS "-I$(CURDIR)/ref_model/src -I$(CURDIR)/ref_model/include" \
	  -LDFLAGS "$(abspath $(BUILD)/libttmodel.a)" $(SFPU_OPS_SV) $(CURDIR)/tests/sfpu_rtl/sfpu_ops_main.cpp \
	  > $(BUILD)/verilate_sfpu_ops.log 2>&1 || { tail -30 $(BUILD)/verilate_sfpu_ops.log; exit 1; }
	@cp $(BUILD)/obj_sfpu_ops/Vtb_sfpu_ops $@


# ---- The packers' datum path alone: RTL against the model (tests/conv/) -------------------------
# tt_pack_convert and tt_pack_bfp behind a test-only top. Each deliberate RTL bug (inj_i bit 0..2,
# see tt_pack_convert.sv) must make the comparison fail where the correct RTL agrees; then the
# correct RTL against the model.
PACK_CONV_SV := rtl_stubs/tt_pkg.sv rtl_stubs/tt_pack_convert.sv rtl_stubs/tt_pack_bfp.sv tests/conv/tt_pack_conv_wrap.sv
$(BUILD)/pack_conv_compare: $(PACK_CONV_SV) tests/conv/pack_conv_compare.cpp $(BUILD)/libttmodel.a
	@rm -f $(BUILD)/obj_pconv/Vtt_pack_conv_wrap
	@echo "  VERILATE $@"
	@$(VERILATOR) --cc --exe --build -j $(JOBS) --Mdir $(BUILD)/obj_pconv --top-module tt_pack_conv_wrap -Wno-fatal \
	  -O3 -MAKEFLAGS OPT_FAST=-O2 -CFLAGS "-I$(CURDIR)/ref_model/src -I$(CURDIR)/ref_model/include" \
	  -LDFLAGS "$(abspath $(BUILD)/libttmodel.a)" $(PACK_CONV_SV) $(CURDIR)/tests/conv/pack_conv_compare.cpp \
	  > $(BUILD)/verilate_pconv.log 2>&1 || { tail -30 $(BUILD)/verilate_pconv.log; exit 1; }
	@cp $(BUILD)/obj_pconv/Vtt_pack_conv_wrap $@

pack-conv-test: $(BUILD)/pack_conv_compare
	@echo "== packer datum path: each deliberate RTL bug (tt_pack_convert inj_i) must be caught"
	@for n in 0 1 2; do \
	  if $(BUILD)/pack_conv_compare --inject $$n > $(BUILD)/pack_conv_inject$$n.log; then \
	    echo "injected bug $$n NOT caught"; exit 1; \
	  fi; \
	  echo "injected bug $$n caught: $$(grep -m1 FAIL $(BUILD)/pack_conv_inject$$n.log | cut -c1-150)"; \
	done
	@echo "== packer datum path: RTL (tt_pack_convert.sv, tt_pack_bfp.sv) against the model"
	@$(BUILD)/pack_conv_compare

# ---- The SFPU's lane arithmetic alone: RTL against hand-worked cases and the model (tests/sfpu_rtl/) -
# tt_sfpu_fma (SFPMAD's FP32 a * b + c) and tt_sfpu_mul24 (SFPMUL24's integer multiply) under a
# test-only top: directed cases with expected values from the ISA documentation's pages, then random
# operands against the model (tt_sfpu_fma; SFPMUL24 through tt_sfpu_exec).
SFPU_RTL_SV := rtl_stubs/tt_sfpu_fma.sv rtl_stubs/tt_sfpu_mul24.sv tests/sfpu_rtl/tt_sfpu_rtl_top.sv
$(BUILD)/sfpu_rtl_compare: $(SFPU_RTL_SV) tests/sfpu_rtl/sfpu_rtl_compare.cpp $(BUILD)/libttmodel.a
	@rm -f $(BUILD)/obj_sfpu_rtl/Vtt_sfpu_rtl_top
	@echo "  VERILATE $@"
	@$(VERILATOR) --cc --exe --build -j $(JOBS) --Mdir $(BUILD)/obj_sfpu_rtl --top-module tt_sfpu_rtl_top -Wall \
	  -O3 -MAKEFLAGS OPT_FAST=-O2 -CFLAGS "-I$(CURDIR)/ref_model/src -I$(CURDIR)/ref_model/include" \
	  -LDFLAGS "$(abspath $(BUILD)/libttmodel.a)" $(SFPU_RTL_SV) $(CURDIR)/tests/sfpu_rtl/sfpu_rtl_compare.cpp \
	  > $(BUILD)/verilate_sfpu_rtl.log 2>&1 || { tail -30 $(BUILD)/verilate_sfpu_rtl.log; exit 1; }
	@cp $(BUILD)/obj_sfpu_rtl/Vtt_sfpu_rtl_top $@

sfpu-rtl-test: $(BUILD)/sfpu_rtl_compare $(BUILD)/sfpu_ops_test
	@echo "== SFPU lane arithmetic: RTL (tt_sfpu_fma.sv, tt_sfpu_mul24.sv) against hand-worked cases and the model"
	@$(BUILD)/sfpu_rtl_compare
	@echo "== SFPU per-lane functions: RTL (tt_sfpu_pkg.sv) against the model, hand cases and random words"
	@$(BUILD)/sfpu_ops_test

# ---- Sanitizers and fuzzing (issue 8 part 2) -------------------------------------------------------
# `make sanitize`: every C part of the model, the test loader and the checker built with clang's
# AddressSanitizer and UndefinedBehaviorSanitizer (any report stops the run), then the unit tests,
# the negative tests and every directed and constrained-random test on the model alone. (The
# Verilator-built harnesses are not sanitized: their C parts are the checker and the loader, which
# the unit tests and ttmodel exercise here.)
SAN_BUILD := $(BUILD)/san
SAN := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
SAN_RANDOM ?= 40
# a sanitizer suite: its summary line, and on a failure its FAIL lines and a non-zero status (a pipe
# into tail would hide the suite's status: 79 passed, 1 failed went by as a pass)
san_step = $(2) >$(SAN_BUILD)/$(1).log 2>&1; rc=$$?; tail -1 $(SAN_BUILD)/$(1).log; \
  [ $$rc -eq 0 ] || { grep -m 20 -E "^FAIL|FAIL:" $(SAN_BUILD)/$(1).log; echo "sanitize: the $(1) suite failed (log: $(SAN_BUILD)/$(1).log)"; exit 1; }

sanitize: kernels
	@echo "== sanitizers (clang ASan + UBSan): unit, negative, directed, kernel and random tests on the model"
	@mkdir -p $(SAN_BUILD)
	@$(MAKE) --no-print-directory -j$(JOBS) BUILD=$(SAN_BUILD) CC=clang SANFLAGS="$(SAN)" \
	  $(SAN_BUILD)/ttmodel $(patsubst $(BUILD)/%,$(SAN_BUILD)/%,$(UNIT_TESTS)) >$(SAN_BUILD)/build.log 2>&1 \
	  || { tail -30 $(SAN_BUILD)/build.log; exit 1; }
	@fail=0; for t in $(patsubst $(BUILD)/%,$(SAN_BUILD)/%,$(UNIT_TESTS)); do \
	  $$t >$(SAN_BUILD)/unit.log 2>&1 || { echo "FAIL $$t"; tail -20 $(SAN_BUILD)/unit.log; fail=1; }; done; \
	  [ $$fail -eq 0 ] && echo "unit tests: all passed under the sanitizers"; exit $$fail
	@mkdir -p $(SAN_BUILD)/random && python3 tools/gen_random.py --seeds $(SAN_RANDOM) --out $(SAN_BUILD)/random >/dev/null \
	  && python3 tools/gen_random.py --unpack --seeds $(SAN_RANDOM) --out $(SAN_BUILD)/random >/dev/null
	@# the four suites at once (2 cores; tests/run_par.sh), each reported as san_step does
	@tests/run_par.sh \
	  "sanitize: negative" '$(call san_step,negative,tests/run_negative.sh $(SAN_BUILD)/ttmodel)' \
	  "sanitize: directed" '$(call san_step,directed,tests/run_directed.sh "$(SAN_BUILD)/ttmodel run" $(DIRECTED))' \
	  "sanitize: kernels" '$(call san_step,kernels,tests/kernels/run_kernel_tests.sh $(SAN_BUILD)/ttmodel $(BUILD) $(KERNEL_CROSS))' \
	  "sanitize: random" '$(call san_step,random,tests/run_directed.sh "$(SAN_BUILD)/ttmodel run" $(SAN_BUILD)/random/*.tts)' 

# `make fuzz FUZZ_SECONDS=N`: the libFuzzer targets (tests/fuzz/), each for N seconds, seeded from
# the test files; a crash, a leak or a sanitizer report fails it and leaves the input in
# $(BUILD)/fuzz/. `make test` runs each for 10 seconds.
FUZZ_SECONDS ?= 10
FUZZ_TARGETS := loader asm disasm numparse plusargs
FUZZ_LIB := $(BUILD)/fuzzlib
FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_OBJS := $(FUZZ_LIB)/tb/harness.o $(COSIM_C:%.c=$(FUZZ_LIB)/%.o) $(FUZZ_LIB)/dpi/state_check.o $(FUZZ_LIB)/dpi/coverage.o \
             $(FUZZ_LIB)/libtttb.a $(FUZZ_LIB)/libttmodel.a
# the project's C parts once, instrumented for coverage-guided fuzzing and the sanitizers
$(FUZZ_LIB)/.built: $(MODEL_SRCS) $(TB_C_SRCS) tb/harness.c $(COSIM_C) dpi/state_check.c dpi/coverage.c $(wildcard ref_model/src/*.h tb/*.h dpi/*.h)
	@mkdir -p $(FUZZ_LIB)
	@$(MAKE) --no-print-directory -j$(JOBS) BUILD=$(FUZZ_LIB) CC=clang SANFLAGS="-fsanitize=fuzzer-no-link $(FUZZ_SAN)" \
	  $(patsubst $(FUZZ_LIB)/%,$(FUZZ_LIB)/%,$(FUZZ_OBJS)) >$(FUZZ_LIB)/build.log 2>&1 || { tail -30 $(FUZZ_LIB)/build.log; exit 1; }
	@touch $@
$(BUILD)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_LIB)/.built
	@mkdir -p $(dir $@)
	@echo "  CLANG   $@"
	@clang -std=c11 -g -O1 -fsanitize=fuzzer $(FUZZ_SAN) -Iref_model/include -Iref_model/src -Itb -Idpi \
	  -o $@ $< $(FUZZ_OBJS) -lcjson -lm
fuzz: $(FUZZ_TARGETS:%=$(BUILD)/fuzz/fuzz_%)
	@echo "== fuzzing: $(FUZZ_TARGETS), $(FUZZ_SECONDS) s each"
	@tools/fuzz_seeds.sh $(BUILD)/fuzz
	@rm -f $(BUILD)/fuzz/rc_*.txt; echo $(FUZZ_TARGETS) | tr ' ' '\n' | xargs -P 2 -I T sh -c 'cd $(BUILD)/fuzz && \
	  ASAN_OPTIONS=detect_leaks=1 ./fuzz_T -max_total_time=$(FUZZ_SECONDS) -max_len=8192 -artifact_prefix=crash_T- \
	  corpus_T >log_T.txt 2>&1; echo $$? >rc_T.txt'
	@fail=0; for t in $(FUZZ_TARGETS); do \
	  [ "$$(cat $(BUILD)/fuzz/rc_$$t.txt)" = 0 ] \
	  && echo "fuzz_$$t: $$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' $(BUILD)/fuzz/log_$$t.txt) runs, no failure" \
	  || { echo "FAIL fuzz_$$t:"; tail -30 $(BUILD)/fuzz/log_$$t.txt; fail=1; }; done; exit $$fail

# `make regress SEEDS=N JOBS=J [TIMEOUT=S] [SHRINK_BUDGET=S] [ONLY=PATTERNS] [ENGINE=local|slurm]`:
# directed (model and both harnesses), N random seeds of each generator (both harnesses) and every
# injected bug, J at a time, S seconds per test; writes $(BUILD)/regress/junit.xml and summary.json,
# keeps a failing seed's .tts with its repro line, and shrinks it (tools/shrink.py, SHRINK_BUDGET
# seconds each, default 300; 0: off). ENGINE=slurm runs the same list as a job array on a Slurm
# cluster from a shared directory (docs/regress.md): SLURM_TASKS array tasks (default one per 1000
# tests) of J tests at a time each, SLURM_TIME per task (sbatch --time, default 60 minutes),
# SLURM_PARTITION, SLURM_OPTS (more sbatch options), SLURM_SETUP (shell lines each job runs first:
# module load ...; ONLY, SLURM_OPTS and SLURM_SETUP reach the recipe through the environment, so any
# quoting in them survives).
JOBS_REGRESS ?= $(shell nproc)
ENGINE ?= local
regress: $(BUILD)/ttmodel $(BUILD)/ttcosim $(BUILD)/ttcosim_sc
	@python3 tools/regress.py --build $(BUILD) --seeds $(or $(SEEDS_REGRESS),$(SEEDS)) --jobs $(or $(JOBS),$(JOBS_REGRESS)) \
	  --timeout $(or $(TIMEOUT),300) --shrink-budget $(or $(SHRINK_BUDGET),300) --out $(BUILD)/regress \
	  --first-seed $(FIRST_SEED) --length $(LENGTH) --engine $(ENGINE) $(if $(ONLY),--only "$$ONLY") $(if $(SLURM_TASKS),--slurm-tasks $(SLURM_TASKS)) \
	  $(if $(SLURM_TIME),--slurm-time '$(SLURM_TIME)') $(if $(SLURM_PARTITION),--slurm-partition '$(SLURM_PARTITION)') \
	  $(if $(SLURM_OPTS),--slurm-opts "$$SLURM_OPTS") $(if $(SLURM_SETUP),--slurm-setup "$$SLURM_SETUP")

# the Slurm engine on a real one-node cluster started and stopped by the test (tests/slurm/, issue 17)
slurm-test: $(BUILD)/ttmodel $(BUILD)/ttcosim $(BUILD)/ttcosim_sc
	@echo "== make regress: --only that matches nothing, a stopped array task (tests/regress/test_regress.py)"
	@python3 tests/regress/test_regress.py
	@echo "== make regress ENGINE=slurm on a one-node Slurm cluster (tests/slurm/run_slurm_test.sh)"
	@tests/slurm/run_slurm_test.sh $(BUILD)

# the longer regression-engine checks, outside `make test` (.ci/run runs them): a Slurm task past
# its time limit (whole minutes) is resubmitted
regress-test: $(BUILD)/ttmodel $(BUILD)/ttcosim $(BUILD)/ttcosim_sc
	@echo "== make regress: --only that matches nothing, a stopped array task (tests/regress/test_regress.py)"
	@python3 tests/regress/test_regress.py
	@echo "== make regress ENGINE=slurm: a task past its time limit (tests/slurm/run_slurm_test.sh timeout)"
	@tests/slurm/run_slurm_test.sh $(BUILD) timeout

# ---- Coverage (issue 8 part 5): `make coverage` -----------------------------------------------------
# A separate Verilator build with line and toggle coverage (build/obj_cov, build/ttcosim_cov) runs the
# directed tests and COV_SEEDS seeds of each random generator with +coverage=FILE.json (functional
# bins, dpi/coverage.c) and +vlcov=FILE.dat (Verilator's coverage.dat); tools/coverage_report.py
# merges both and prints one table. Then COV_WSEEDS seeds of gen_random.py weighted toward the missed
# bins (--weights) run, and the table shows the figures before and after that round.
# COV_CONTROL=1 adds an unweighted round of as many other seeds for comparison.
COV_DIR := $(BUILD)/coverage
COV_SEEDS ?= 30
COV_WSEEDS ?= 30
COV_LENGTH ?= 200
COV_CONTROL ?= 0
VFLAGS_COV := --top-module tb_top --trace -Wno-fatal -Wno-DECLFILENAME -Wno-UNUSEDSIGNAL --x-assign fast \
              --x-initial fast --coverage-line --coverage-toggle -O3 -MAKEFLAGS OPT_FAST=-O1 -MAKEFLAGS OPT_SLOW=-O1
$(BUILD)/ttcosim_cov: $(RTL_SRCS) $(TB_SV) tb/main.cpp $(HARNESS_LIBS)
	@rm -f $(BUILD)/obj_cov/Vtb_top
	@echo "  VERILATE $@, line and toggle coverage (log: $(BUILD)/verilate_cov.log)"
	@$(VERILATOR) --cc --exe --build -j $(JOBS) --Mdir $(BUILD)/obj_cov $(VFLAGS_COV) \
	  -CFLAGS "-DVL_USER_FINISH -DVL_USER_FATAL -I$(CURDIR)/tb -I$(CURDIR)/dpi -I$(CURDIR)/ref_model/include" \
	  -LDFLAGS "$(LIBS_ABS) -lcjson -lm" $(RTL_SRCS) $(TB_SV) $(CURDIR)/tb/main.cpp > $(BUILD)/verilate_cov.log 2>&1 \
	  || { tail -40 $(BUILD)/verilate_cov.log; exit 1; }
	@cp $(BUILD)/obj_cov/Vtb_top $@

coverage-build: $(BUILD)/ttcosim_cov

coverage: $(BUILD)/ttcosim_cov
	@tools/coverage_run.sh $(BUILD) $(COV_SEEDS) $(COV_WSEEDS) $(COV_LENGTH) $(COV_CONTROL)

# ---- Mutation testing (issue 16 item 3; docs/mutation.md) -------------------------------------------
# tools/mutate.py writes instrumented copies of the data-path units to $(MUT_DIR)/rtl/ (every site
# `(tt_mut_pkg::mut_sel == N) ? mutated : original`, +mutant=N picks one at run time) and the
# manifest; Verilator's lint drops the mutants it refuses. One build of the lockstep harness
# (build/ttcosim_mut) and of the two datum-converter comparisons holds every mutant;
# tools/mutate_run.py runs the directed tests, fixed random seeds and (converter units) the
# converter comparisons on each mutant until one fails.
# make mutate [UNITS=tt_packer,...] [MUTANTS=N|all] [SEED=S] [MUTANT_IDS=1,5-9] [JOBS=J] [RESUME=1]
MUT_DIR := $(BUILD)/mutate
MUT_UNITS_ALL := tt_unpacker tt_unpack_convert tt_src_banks tt_regfile tt_math_unit tt_packer \
                 tt_pack_convert tt_pack_bfp tt_pack_l1acc tt_pack_strided \
                 tt_mx_datapath tt_mx_fpu tt_mx_int8 tt_mx_gmpool \
                 tt_sfpu tt_sfpu_fma tt_sfpu_mul24 tt_sfpu_pkg
# MUT_BUILD_UNITS=tt_sfpu,...: instrument (and build) only these units' mutants, a shorter build when
# only they are sampled; the ids then count from 1 in those units (build/mutate/units records the set,
# a new set rebuilds)
MUT_BUILD_UNITS ?= $(MUT_UNITS_ALL)
comma := ,
MUT_BUILD_LIST := $(subst $(comma), ,$(MUT_BUILD_UNITS))
ifneq ($(filter mutate mutate-build $(MUT_DIR)/% $(BUILD)/%_mut,$(MAKECMDGOALS)),)
$(shell mkdir -p $(MUT_DIR); echo '$(MUT_BUILD_LIST)' | cmp -s - $(MUT_DIR)/units || echo '$(MUT_BUILD_LIST)' > $(MUT_DIR)/units)
endif
MUT_SRCS := $(MUT_BUILD_LIST:%=rtl_stubs/%.sv)
mut_src = $(if $(filter $(1),$(MUT_SRCS)),$(MUT_DIR)/rtl/$(notdir $(1)),$(1))
# the packages of functions (tt_sfpu_pkg) after tt_mut_pkg: their instrumented copies read its selector
MUT_FN_PKGS := rtl_stubs/tt_sfpu_pkg.sv
MUT_RTL := $(filter-out $(MUT_FN_PKGS),$(RTL_PKGS)) $(MUT_DIR)/rtl/tt_mut_pkg.sv \
           $(foreach f,$(MUT_FN_PKGS),$(call mut_src,$(f))) \
           $(foreach f,$(filter-out $(RTL_PKGS),$(sort $(wildcard rtl_stubs/*.sv))),$(call mut_src,$(f)))
MUTANTS ?= 300
MUT_RANDOM_SEEDS ?= 10

$(MUT_DIR)/manifest.json: tools/mutate.py $(wildcard tools/mutate_equiv.json) $(RTL_SRCS) $(TB_SV) $(wildcard $(MUT_DIR)/units)
	@echo "  MUTATE  $(MUT_DIR)/rtl (tools/mutate.py, Verilator lint)"
	@mkdir -p $(MUT_DIR)
	@python3 tools/mutate.py --out $(MUT_DIR) --lint --units $(subst $() ,$(comma),$(strip $(MUT_BUILD_LIST))) \
	  > $(MUT_DIR).log 2>&1 || { tail -30 $(MUT_DIR).log; exit 1; }
	@grep "mutants, " $(MUT_DIR).log

# Make takes any target whose recipe ran as changed, so the binaries keep a hash of their inputs
# ($@.inputs) and are only touched when a new manifest (an equivalence note) leaves the inputs as
# they were: a rebuild takes minutes.
MUT_SAME = h=$$(cat $(1) | sha256sum); if [ -x $@ ] && [ "$$h" = "$$(cat $@.inputs 2>/dev/null)" ]; then touch $@; exit 0; fi
MUT_KEEP = echo "$$h" > $@.inputs

$(BUILD)/ttcosim_mut: $(MUT_DIR)/manifest.json $(RTL_SRCS) $(TB_SV) tb/main.cpp $(HARNESS_LIBS)
	@$(call MUT_SAME,$(MUT_RTL) $(TB_SV) tb/main.cpp $(HARNESS_LIBS)); \
	rm -f $(BUILD)/obj_mut/Vtb_top; \
	echo "  VERILATE $@ (log: $(BUILD)/verilate_mut.log)"; \
	$(VERILATOR) --cc --exe --build -j $(JOBS) --Mdir $(BUILD)/obj_mut $(VFLAGS) $(VCXX_CC) -DTT_MUTATE \
	  -CFLAGS "-DVL_USER_FINISH -DVL_USER_FATAL -I$(CURDIR)/tb -I$(CURDIR)/dpi -I$(CURDIR)/ref_model/include" \
	  -LDFLAGS "$(LIBS_ABS) -lcjson -lm" $(MUT_RTL) $(TB_SV) $(CURDIR)/tb/main.cpp > $(BUILD)/verilate_mut.log 2>&1 \
	  || { tail -40 $(BUILD)/verilate_mut.log; exit 1; }; \
	cp $(BUILD)/obj_mut/Vtb_top $@; $(MUT_KEEP)

MUT_CONV_IN := rtl_stubs/tt_pkg.sv $(MUT_DIR)/rtl/tt_mut_pkg.sv $(call mut_src,rtl_stubs/tt_unpack_convert.sv) tests/conv/conv_compare.cpp
$(BUILD)/conv_compare_mut: $(MUT_DIR)/manifest.json tests/conv/conv_compare.cpp $(BUILD)/libttmodel.a
	@$(call MUT_SAME,$(MUT_CONV_IN) $(BUILD)/libttmodel.a); \
	rm -f $(BUILD)/obj_conv_mut/Vtt_unpack_convert; \
	echo "  VERILATE $@"; \
	$(VERILATOR) --cc --exe --build -j $(JOBS) --Mdir $(BUILD)/obj_conv_mut --top-module tt_unpack_convert -Wno-fatal \
	  -O3 -MAKEFLAGS OPT_FAST=-O2 -CFLAGS "-I$(CURDIR)/ref_model/src -I$(CURDIR)/ref_model/include" \
	  -LDFLAGS "$(abspath $(BUILD)/libttmodel.a)" $(filter-out %.cpp,$(MUT_CONV_IN)) $(CURDIR)/tests/conv/conv_compare.cpp \
	  > $(BUILD)/verilate_conv_mut.log 2>&1 || { tail -30 $(BUILD)/verilate_conv_mut.log; exit 1; }; \
	cp $(BUILD)/obj_conv_mut/Vtt_unpack_convert $@; $(MUT_KEEP)

MUT_PCONV_IN := rtl_stubs/tt_pkg.sv $(MUT_DIR)/rtl/tt_mut_pkg.sv $(call mut_src,rtl_stubs/tt_pack_convert.sv) \
                $(call mut_src,rtl_stubs/tt_pack_bfp.sv) \
                tests/conv/tt_pack_conv_wrap.sv tests/conv/pack_conv_compare.cpp
$(BUILD)/pack_conv_compare_mut: $(MUT_DIR)/manifest.json tests/conv/tt_pack_conv_wrap.sv tests/conv/pack_conv_compare.cpp $(BUILD)/libttmodel.a
	@$(call MUT_SAME,$(MUT_PCONV_IN) $(BUILD)/libttmodel.a); \
	rm -f $(BUILD)/obj_pconv_mut/Vtt_pack_conv_wrap; \
	echo "  VERILATE $@"; \
	$(VERILATOR) --cc --exe --build -j $(JOBS) --Mdir $(BUILD)/obj_pconv_mut --top-module tt_pack_conv_wrap -Wno-fatal \
	  -O3 -MAKEFLAGS OPT_FAST=-O2 -CFLAGS "-I$(CURDIR)/ref_model/src -I$(CURDIR)/ref_model/include" \
	  -LDFLAGS "$(abspath $(BUILD)/libttmodel.a)" $(filter-out %.cpp,$(MUT_PCONV_IN)) \
	  $(CURDIR)/tests/conv/pack_conv_compare.cpp > $(BUILD)/verilate_pconv_mut.log 2>&1 \
	  || { tail -30 $(BUILD)/verilate_pconv_mut.log; exit 1; }; \
	cp $(BUILD)/obj_pconv_mut/Vtt_pack_conv_wrap $@; $(MUT_KEEP)

# the SFPU's lane comparisons (make sfpu-rtl-test) from the instrumented tt_sfpu_fma, tt_sfpu_mul24
# (tt_sfpu_mul24 is not yet instantiated in tt_sfpu: only this comparison runs it) and tt_sfpu_pkg
MUT_SFPU_RTL_IN := $(MUT_DIR)/rtl/tt_mut_pkg.sv $(call mut_src,rtl_stubs/tt_sfpu_fma.sv) \
                   $(call mut_src,rtl_stubs/tt_sfpu_mul24.sv) tests/sfpu_rtl/tt_sfpu_rtl_top.sv tests/sfpu_rtl/sfpu_rtl_compare.cpp
$(BUILD)/sfpu_rtl_compare_mut: $(MUT_DIR)/manifest.json tests/sfpu_rtl/tt_sfpu_rtl_top.sv tests/sfpu_rtl/sfpu_rtl_compare.cpp $(BUILD)/libttmodel.a
	@$(call MUT_SAME,$(MUT_SFPU_RTL_IN) $(BUILD)/libttmodel.a); \
	rm -f $(BUILD)/obj_sfpu_rtl_mut/Vtt_sfpu_rtl_top; \
	echo "  VERILATE $@"; \
	$(VERILATOR) --cc --exe --build -j $(JOBS) --Mdir $(BUILD)/obj_sfpu_rtl_mut --top-module tt_sfpu_rtl_top -Wno-fatal \
	  -O3 -MAKEFLAGS OPT_FAST=-O2 -CFLAGS "-I$(CURDIR)/ref_model/src -I$(CURDIR)/ref_model/include" \
	  -LDFLAGS "$(abspath $(BUILD)/libttmodel.a)" $(filter-out %.cpp,$(MUT_SFPU_RTL_IN)) \
	  $(CURDIR)/tests/sfpu_rtl/sfpu_rtl_compare.cpp > $(BUILD)/verilate_sfpu_rtl_mut.log 2>&1 \
	  || { tail -30 $(BUILD)/verilate_sfpu_rtl_mut.log; exit 1; }; \
	cp $(BUILD)/obj_sfpu_rtl_mut/Vtt_sfpu_rtl_top $@; $(MUT_KEEP)

MUT_SFPU_OPS_IN := $(MUT_DIR)/rtl/tt_mut_pkg.sv $(call mut_src,rtl_stubs/tt_sfpu_pkg.sv) \
                   tests/sfpu_rtl/tb_sfpu_ops.sv tests/sfpu_rtl/sfpu_ops_main.cpp
$(BUILD)/sfpu_ops_test_mut: $(MUT_DIR)/manifest.json tests/sfpu_rtl/tb_sfpu_ops.sv tests/sfpu_rtl/sfpu_ops_main.cpp $(BUILD)/libttmodel.a
	@$(call MUT_SAME,$(MUT_SFPU_OPS_IN) $(BUILD)/libttmodel.a); \
	rm -f $(BUILD)/obj_sfpu_ops_mut/Vtb_sfpu_ops; \
	echo "  VERILATE $@"; \
	$(VERILATOR) --cc --exe --build -j $(JOBS) --Mdir $(BUILD)/obj_sfpu_ops_mut --top-module tb_sfpu_ops -Wno-fatal \
	  -O3 -MAKEFLAGS OPT_FAST=-O2 -CFLAGS "-I$(CURDIR)/ref_model/src -I$(CURDIR)/ref_model/include" \
	  -LDFLAGS "$(abspath $(BUILD)/libttmodel.a)" $(filter-out %.cpp,$(MUT_SFPU_OPS_IN)) \
	  $(CURDIR)/tests/sfpu_rtl/sfpu_ops_main.cpp > $(BUILD)/verilate_sfpu_ops_mut.log 2>&1 \
	  || { tail -30 $(BUILD)/verilate_sfpu_ops_mut.log; exit 1; }; \
	cp $(BUILD)/obj_sfpu_ops_mut/Vtb_sfpu_ops $@; $(MUT_KEEP)

mutate-build: $(BUILD)/ttcosim_mut $(BUILD)/conv_compare_mut $(BUILD)/pack_conv_compare_mut \
              $(BUILD)/sfpu_rtl_compare_mut $(BUILD)/sfpu_ops_test_mut

# MUT_REACH=0: no coverage build and no reach pruning (every test runs on every mutant until one
# fails: the same verdicts, survivors cost more; the SFPU's tests take about 25 s in all)
MUT_REACH ?= 1
mutate: mutate-build $(if $(filter 1,$(MUT_REACH)),$(BUILD)/ttcosim_cov)
	@python3 tools/mutate_run.py --build $(BUILD) --jobs $(JOBS) --random-seeds $(MUT_RANDOM_SEEDS) \
	  $(if $(filter 1,$(MUT_REACH)),--reach $(BUILD)/ttcosim_cov) $(if $(RESUME),--resume) \
	  $(if $(UNITS),--units $(UNITS)) $(if $(PER_UNIT),--per-unit $(PER_UNIT)) \
	  $(if $(MUTANT_IDS),--ids $(MUTANT_IDS),--sample $(MUTANTS) --seed $(SEED))

# the tool itself (tests/mutate/): manifest lines, instrumentation, a known kill, selector 0
mutate-test: $(BUILD)/ttcosim $(BUILD)/libttmodel.a
	@echo "== mutation tool: manifest, instrumentation, a killed mutant, selector 0 (tests/mutate)"
	@python3 tests/mutate/test_mutate.py --build $(BUILD)

# ---- TRISC kernels: the cross toolchain, the kernel library, sample kernels (issue 29 part 2) ----
# Debian's gcc-riscv64-unknown-elf, freestanding (no libc: docs/decisions.md "TRISC toolchain and
# kernel library"); kernels/trisc.ld.S preprocessed per TRISC from kernels/include/tt_mmio.h;
# the instruction macros generated from the ISA table (tools/gen_ckernel_ops.py).
# kernels/tests/NAME_tI.c is built for TRISC I only; any other kernels/tests/NAME.c for all three,
# once per ` * variant: ELF_NAME -DPARAM=VALUE ... | pushes-checked-by: TEST` line in its header
# comment when it has such lines (one source per kernel family built per parameter set, as tt-llk's
# tests do: ELF_NAME_tI.elf), else once as NAME_tI.elf.
KERNEL_CROSS ?= riscv64-unknown-elf-
KERNEL_CC := $(KERNEL_CROSS)gcc
KERNEL_CFLAGS := -march=rv32im_zicsr -mabi=ilp32 -O2 -std=c11 -pedantic -ffreestanding -nostdlib -nostartfiles \
                 -Wall -Wextra -Werror -Ikernels/include -I$(BUILD)/kernels -Wl,--no-warn-rwx-segments
# libgcc's rv32im/ilp32 multilib, asked for with the plain -march (gcc 12's multilib match does not
# know _zicsr and would answer the rv64 default)
KERNEL_LIBGCC = $(shell $(KERNEL_CC) -march=rv32im -mabi=ilp32 -print-libgcc-file-name)
KERNEL_HDRS := $(wildcard kernels/include/*.h) $(BUILD)/kernels/ckernel_ops.h
KERNEL_SRCS := $(sort $(wildcard kernels/tests/*.c))
KERNEL_OWN := $(filter %_t0.c %_t1.c %_t2.c,$(KERNEL_SRCS))
# variant:source:defines (the defines comma-joined) from the sources' variant: lines
KERNEL_VARIANTS := $(shell awk '/^ \* variant: /{ d = ""; for (i = 4; i <= NF && $$i != "|"; i++) d = d (d == "" ? "" : ",") $$i; print $$3 ":" FILENAME ":" (d == "" ? "-" : d) }' $(KERNEL_SRCS))
KERNEL_VARIED := $(sort $(foreach v,$(KERNEL_VARIANTS),$(word 2,$(subst :, ,$(v)))))
KERNEL_SHARED := $(filter-out $(KERNEL_OWN) $(KERNEL_VARIED),$(KERNEL_SRCS))
# (elf name, source, TRISC id, variant or -, comma-joined defines or -) for each kernel
KERNEL_LIST := $(foreach s,$(KERNEL_OWN),$(basename $(notdir $(s))):$(s):$(patsubst _t%,%,$(lastword $(subst _, _,$(basename $(s))))):-:-) \
               $(foreach s,$(KERNEL_SHARED),$(foreach i,0 1 2,$(basename $(notdir $(s)))_t$(i):$(s):$(i):-:-)) \
               $(foreach v,$(KERNEL_VARIANTS),$(foreach i,0 1 2,$(word 1,$(subst :, ,$(v)))_t$(i):$(word 2,$(subst :, ,$(v))):$(i):$(word 1,$(subst :, ,$(v))):$(word 3,$(subst :, ,$(v)))))
KERNEL_ELFS := $(foreach k,$(KERNEL_LIST),$(BUILD)/kernels/$(word 1,$(subst :, ,$(k))).elf)
# (after KERNEL_ELFS: a rule's prerequisites are expanded where the rule is read) a kernel test run
# by `make run` needs its ELFs; the README's kernel samples (docs-test) need them too
ifneq ($(findstring tests/kernels/,$(TEST)),)
run: $(KERNEL_ELFS)
endif
docs-test: $(KERNEL_ELFS)
kernel_field = $(word $(2),$(subst :, ,$(1)))
kernel_defs = $(if $(filter -,$(call kernel_field,$(1),5)),,$(subst $(KERNEL_COMMA), ,$(call kernel_field,$(1),5)))
kernel_variant_arg = $(if $(filter -,$(call kernel_field,$(1),4)),,--variant $(call kernel_field,$(1),4))
KERNEL_COMMA := ,

$(BUILD)/kernels/ckernel_ops.h: ref_model/src/isa_table.h tools/gen_ckernel_ops.py
	@mkdir -p $(dir $@)
	@echo "  GEN     $@"
	@python3 tools/gen_ckernel_ops.py --table ref_model/src/isa_table.h --out $@

# a clear error on a machine without the cross compiler (before `make deps`)
kernel-toolchain:
	@command -v $(KERNEL_CC) > /dev/null || { echo "make kernels: $(KERNEL_CC) not found; run make deps (Debian's gcc-riscv64-unknown-elf)" >&2; exit 1; }

$(BUILD)/kernels/trisc%.ld: kernels/trisc.ld.S kernels/include/tt_mmio.h | kernel-toolchain
	@mkdir -p $(dir $@)
	@echo "  CPP     $@"
	@$(KERNEL_CC) -E -P -x c -DTRISC_ID=$* -Ikernels/include $< -o $@

define KERNEL_RULE
$(BUILD)/kernels/$(1).elf: $(2) kernels/crt0.S $(BUILD)/kernels/trisc$(3).ld $(KERNEL_HDRS) | kernel-toolchain
	@echo "  RVCC    $$@"
	@$(KERNEL_CC) $(KERNEL_CFLAGS) -DTRISC_ID=$(3) $(4) -T $(BUILD)/kernels/trisc$(3).ld kernels/crt0.S $(2) $$(KERNEL_LIBGCC) -o $$@
endef
$(foreach k,$(KERNEL_LIST),$(eval $(call KERNEL_RULE,$(call kernel_field,$(k),1),$(call kernel_field,$(k),2),$(call kernel_field,$(k),3),$(call kernel_defs,$(k)))))

kernels: $(KERNEL_ELFS) $(BUILD)/ttmodel
	@echo "== kernels: the checker fails on planted faults (tests/kernels/test_check_kernel_elf.sh)"
	@tests/kernels/test_check_kernel_elf.sh $(BUILD) $(KERNEL_CROSS)
	@echo "== kernels: each ELF's header, segments and pushes (tools/check_kernel_elf.py)"
	@set -e; $(foreach k,$(KERNEL_LIST),python3 tools/check_kernel_elf.py --elf $(BUILD)/kernels/$(word 1,$(subst :, ,$(k))).elf --trisc $(word 3,$(subst :, ,$(k))) --src $(word 2,$(subst :, ,$(k))) $(call kernel_variant_arg,$(k)) --ttmodel $(BUILD)/ttmodel --cross $(KERNEL_CROSS);)

# kernels on the model alone (issue 29 part 3; docs/test_format.md "Kernels"): tests/kernels/*.tts
# name ELFs from make kernels; neg_*.tts are bad-input and failing-kernel cases (run_kernel_tests.sh)
kernel-test: kernels $(BUILD)/ttmodel $(BUILD)/ttcosim $(BUILD)/ttcosim_sc
	@echo "== kernel-test: the kernels' reference (tools/kernel_ref.py: self-test, generated files up to date)"
	@python3 tests/kernels/test_kernel_ref.py
	@python3 tools/kernel_ref.py --check
	@echo "== kernel-test: the matmul/reduce reference, hand-worked and against mx_ref.py (tests/kernels/test_kernel_ref_mx.py)"
	@python3 tests/kernels/test_kernel_ref_mx.py
	@echo "== kernel-test: the matmul/reduce tests in tests/kernels are what tools/gen_kernel_mx_tests.py writes"
	@python3 tools/gen_kernel_mx_tests.py --check
	@echo "== kernel-test: kernels run by build/ttmodel run and in lockstep by build/ttcosim (tests/kernels)"
	@tests/kernels/run_kernel_tests.sh $(BUILD)/ttmodel $(BUILD) $(KERNEL_CROSS) $(BUILD)/ttcosim
	@echo "== kernel-test: the SystemC harness runs kernels too (a matmul, and a failing kernel's report with its pc)"
	@$(BUILD)/ttcosim_sc tests/kernels/matmul_hifi4.tts > $(BUILD)/kernel_sc.log 2>&1 || { cat $(BUILD)/kernel_sc.log; exit 1; }
	@grep -q "PASS" $(BUILD)/kernel_sc.log && echo "PASS matmul_hifi4.tts (SystemC lockstep)"
	@! $(BUILD)/ttcosim_sc tests/kernels/neg_llk_badfmt.tts > $(BUILD)/kernel_sc.log 2>&1 \
	  && grep -q "pushed by TRISC2 at pc 0x" $(BUILD)/kernel_sc.log && echo "PASS neg_llk_badfmt.tts (SystemC lockstep: fails, names the pc)"
