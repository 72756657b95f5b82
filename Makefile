# Packline's vocabulary: run, build, test, bench. See README.md.
SHELL := /bin/bash
VERSION ?= $(shell git describe --always --dirty 2>/dev/null || echo dev)
GO_LDFLAGS := -X main.version=$(VERSION)
ADDR ?= 127.0.0.1:8080
DB ?= ./data/packline.db

.PHONY: run build web deps test test-go test-web test-e2e test-image test-deb image deb bench lint clean

## run: install what is needed, build, and start on SQLite with demo data
run: build
	./bin/packline serve --addr $(ADDR) --db $(DB) --demo

## build: the packline binary with the web app embedded, at ./bin/packline: static
## (the SQLite engine is Go, no C library), the one binary the tests, the image and
## the Debian package use
build: web
	CGO_ENABLED=0 go build -trimpath -ldflags "-s -w $(GO_LDFLAGS)" -o bin/packline ./cmd/packline

## deps: check the toolchain and install the web app's packages (npm ci)
deps: web/node_modules/.installed

web/node_modules/.installed: web/package-lock.json
	@scripts/check-tools.sh
	cd web && npm ci --no-audit --no-fund
	@touch $@

## web: build the web app into web/dist
web: deps
	cd web && PACKLINE_VERSION=$(VERSION) npm run build
	@touch web/dist/.keep

## test: every test — Go (race detector, SQLite and PostgreSQL), Vitest, Playwright
test: build
	scripts/test.sh

test-go:
	scripts/test.sh go

test-web: deps
	scripts/test.sh web

test-e2e: build
	scripts/test.sh e2e

## image: the container image (Containerfile) with podman or docker, tagged packline:VERSION and packline:latest
image: build
	VERSION=$(VERSION) scripts/image.sh

## deb: the Debian package build/packline_<version>_<arch>.deb (nfpm; systemd unit, /etc/default/packline)
deb: build
	scripts/deb.sh

## test-deb: build the package and check its contents and its systemd unit
test-deb: build
	scripts/test.sh package

## test-image: build the image and run it (or its binary, where containers cannot run): sign in, punch, restart
test-image: build
	scripts/test.sh image

## bench: Go benchmarks and the load scripts (wrk), with their references; the summary table goes to docs/bench.md
bench: build
	scripts/bench.sh

lint: deps
	gofmt -l cmd internal web/*.go | (! grep .)
	go vet ./cmd/... ./internal/... ./scripts/... ./web
	cd web && npm run lint

clean:
	rm -rf bin web/dist/assets web/dist/prerendered web/dist/*.html web/build-ssr web/node_modules
