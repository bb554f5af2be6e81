# Installs the Debian packages in APT_PACKAGES that are missing (as root, or through sudo).
# Every build rule depends on `deps` order-only, so a fresh machine needs nothing by hand.
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)

.PHONY: deps
deps:
	@missing=""; \
	for p in $(sort $(APT_PACKAGES)); do \
	  dpkg-query -W -f='$${Status}' "$$p" 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "deps: installing$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi
