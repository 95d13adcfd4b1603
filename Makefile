# plan as an installed tool. `make install PREFIX=~/.local` (default /usr/local),
# `make deb` for a Debian package in dist/. The work is in Packaging/.
PREFIX ?= /usr/local
DESTDIR ?=

.PHONY: install deb

install:
	bash Packaging/install.sh --prefix "$(PREFIX)" $(if $(DESTDIR),--destdir "$(DESTDIR)")

deb:
	bash Packaging/deb.sh
