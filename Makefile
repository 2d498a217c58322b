# ttcosim: one Makefile for the model, the RTL, the harnesses and the tests.
# `make deps` installs what a fresh Debian bookworm machine needs; `make test` builds and runs
# everything. See README.md.

SHELL := /bin/bash
BUILD ?= build
CC := gcc
CFLAGS_COMMON := -std=c11 -Wall -Wextra -Werror -pedantic -O2 -g
CFLAGS += $(CFLAGS_COMMON) -Iref_model/include -Iref_model/src -Itb -Idpi
JOBS ?= $(shell nproc)

MODEL_SRCS := $(wildcard ref_model/src/*.c)
MODEL_OBJS := $(MODEL_SRCS:%.c=$(BUILD)/%.o)
TB_C_SRCS := tb/test_loader.c tb/stim.c tb/model_run.c
TB_C_OBJS := $(TB_C_SRCS:%.c=$(BUILD)/%.o)
UNIT_TESTS := $(patsubst tests/unit/%.c,$(BUILD)/unit/%,$(wildcard tests/unit/test_*.c))

DEB_PKGS := build-essential verilator libsystemc-dev libcmocka-dev libcjson-dev gtkwave xvfb xauth \
            zlib1g-dev python3 python3-yaml

.PHONY: all deps model test unit directed negative run bench clean isa-table regs-table

all: model

deps:
	@missing=$$(for p in $(DEB_PKGS); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "make deps: installing $$missing"; \
	  SUDO=$$( [ $$(id -u) -eq 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing; \
	fi

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/libttmodel.a: $(MODEL_OBJS)
	ar rcs $@ $^

$(BUILD)/libtttb.a: $(TB_C_OBJS)
	ar rcs $@ $^

$(BUILD)/ttmodel: $(BUILD)/tb/ttmodel_main.o $(BUILD)/libtttb.a $(BUILD)/libttmodel.a
	$(CC) -o $@ $^ -lcjson

model: $(BUILD)/ttmodel $(BUILD)/libttmodel.a

$(BUILD)/unit/%: tests/unit/%.c $(BUILD)/libtttb.a $(BUILD)/libttmodel.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lcmocka -lcjson

unit: $(UNIT_TESTS)
	@fail=0; for t in $(UNIT_TESTS); do echo "== $$t"; $$t || fail=1; done; exit $$fail

isa-table:
	python3 tools/gen_isa.py

regs-table:
	python3 tools/gen_regs.py ../shared/ref/blackhole-tensix-regs.json tb/cfg_regs_table.h

clean:
	rm -rf $(BUILD)

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
