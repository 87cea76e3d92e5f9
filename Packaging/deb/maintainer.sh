#!/usr/bin/env bash
# maintainer.sh: the .deb's Maintainer field, "Name <address>", from the first that gives one:
#   DEB_MAINTAINER                 the whole field;
#   DEBFULLNAME and DEBEMAIL       as Debian's own tools (dch, debmake) read them; DEBEMAIL
#                                  alone may hold "Name <address>";
#   git config user.name and user.email, of the checkout the package is built from.
# With none, it says so and fails: a package names a person to write to, never a placeholder.
set -euo pipefail
if [ -n "${DEB_MAINTAINER:-}" ]; then
    field=$DEB_MAINTAINER
elif [ -n "${DEBFULLNAME:-}" ] && [ -n "${DEBEMAIL:-}" ]; then
    field="$DEBFULLNAME <${DEBEMAIL#<}"; field=${field%>}">"
elif [[ "${DEBEMAIL:-}" =~ ^[^\<]+\ \<[^\>]+\>$ ]]; then
    field=$DEBEMAIL
elif name=$(git -C "$(dirname "$0")" config user.name 2>/dev/null) && address=$(git -C "$(dirname "$0")" config user.email 2>/dev/null) \
        && [ -n "$name" ] && [ -n "$address" ]; then
    field="$name <$address>"
else
    echo "make-deb: who maintains the package? Set DEBFULLNAME and DEBEMAIL (as for dch), or DEB_MAINTAINER=\"Name <address>\"" >&2
    exit 1
fi
# One line, "Name <address>", as Debian policy 5.6.2 has it.
if ! [[ "$field" =~ ^[^\<\>[:cntrl:]]+\ \<[^\<\>@[:space:]]+@[^\<\>[:space:]]+\>$ ]]; then
    echo "make-deb: the Maintainer \"$field\" is not \"Name <address>\"" >&2
    exit 1
fi
echo "$field"
