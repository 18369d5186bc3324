// google_side.cc - Google's parser for the google_diff fuzz target: one check,
// the file parsed for it by Google's RobotsMatcher. Compiled only when a checkout
// of github.com/google/robotstxt is given (make fuzz-google GOOGLE_ROBOTSTXT=DIR,
// or OSS-Fuzz's build when its Dockerfile cloned one), against that checkout's
// robots.h; its code stays there and never enters this project.
#include <cstddef>
#include <string>

#include "robots.h"

extern "C" int google_diff_allowed(const char *body, size_t len, const char *agent, size_t agent_len,
                                   const char *url, size_t url_len, int *line) {
    googlebot::RobotsMatcher matcher;
    bool allowed = matcher.OneAgentAllowedByRobots(absl::string_view(body, len), std::string(agent, agent_len),
                                                   std::string(url, url_len));
    *line = matcher.matching_line();
    return allowed ? 1 : 0;
}
