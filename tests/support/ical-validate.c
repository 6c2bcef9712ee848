/* A checker the feed must pass: libical parses the file and applies its RFC 5546 restrictions
 * (icalrestriction_check); every X-LIC-ERROR it leaves is printed. Exit 0: valid. Built by
 * tests/integration/feed-libical.test.ts with gcc against Debian's libical-dev. */
#include <libical/ical.h>
#include <stdio.h>
#include <stdlib.h>

static void report(icalcomponent *c, int *errors) {
  for (icalproperty *p = icalcomponent_get_first_property(c, ICAL_XLICERROR_PROPERTY); p;
       p = icalcomponent_get_next_property(c, ICAL_XLICERROR_PROPERTY)) {
    printf("%s: %s\n", icalcomponent_kind_to_string(icalcomponent_isa(c)), icalproperty_get_xlicerror(p));
    (*errors)++;
  }
  for (icalcomponent *s = icalcomponent_get_first_component(c, ICAL_ANY_COMPONENT); s;
       s = icalcomponent_get_next_component(c, ICAL_ANY_COMPONENT))
    report(s, errors);
}

int main(int argc, char **argv) {
  if (argc != 2) return 2;
  FILE *f = fopen(argv[1], "rb");
  if (!f) return 2;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  rewind(f);
  char *text = malloc(n + 1);
  if (fread(text, 1, n, f) != (size_t)n) return 2;
  text[n] = 0;
  icalcomponent *root = icalparser_parse_string(text);
  if (!root) { printf("not parsed\n"); return 1; }
  icalrestriction_check(root);
  int errors = 0;
  report(root, &errors);
  return errors ? 1 : 0;
}
