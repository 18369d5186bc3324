// google_shim.cc - Google's parser behind the benchmark's comparison (compare.c):
// one check, the file parsed for it, as Google's matcher always does. Compiled
// only by `make bench-google GOOGLE_ROBOTSTXT=DIR`, against the robots.h of that
// checkout of github.com/google/robotstxt (its code stays there).
#include <cstddef>
#include <string>

#include "robots.h"

extern "C" int bench_google_allowed(const char *body, size_t len, const char *agent, size_t agent_len,
                                    const char *url, size_t url_len) {
    googlebot::RobotsMatcher matcher;
    return matcher.OneAgentAllowedByRobots(absl::string_view(body, len), std::string(agent, agent_len),
                                           std::string(url, url_len));
}
