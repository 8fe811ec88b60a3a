# The two commands: `make up` starts everything, `make test` runs every test. See README.md.
# The pinned Node.js (.nvmrc; the scripts install it on first use) for the targets that call npx directly.
export PATH := $(HOME)/.cache/reproute/node/$(shell cat .nvmrc)/bin:$(PATH)

.PHONY: up down test restart logs status typecheck lint unit routes integration faults e2e seed

up:
	@bash infra/scripts/up.sh

down:
	@bash infra/scripts/down.sh

test:
	@bash infra/scripts/test.sh

restart:
	@bash infra/scripts/services.sh restart $(SERVICE)

status:
	@curl -s http://127.0.0.1:8080/api/health; echo

logs:
	@tail -n 50 -f .data/logs/*.log

typecheck:
	@npm run --silent typecheck

lint:
	@npm run --silent lint

unit:
	@npx vitest run --project unit

routes:
	@npx vitest run --project routes

integration:
	@npx vitest run --project integration --maxWorkers=4

# The fault tests on a stack of their own (started when it is not running; `infra/scripts/stack.sh faults down` stops it).
faults:
	@bash infra/scripts/stack.sh faults up && bash infra/scripts/stack.sh faults npx vitest run --project faults

e2e:
	@cd frontend && npx playwright test

seed:
	@bash infra/scripts/seed.sh
