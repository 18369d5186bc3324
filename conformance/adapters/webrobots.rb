#!/usr/bin/ruby
# Ruby's webrobots (Debian's ruby-webrobots) through the batch protocol
# (conformance/PROTOCOL.md).
#
# WebRobots fetches robots.txt itself through its http_get option: the adapter
# gives it a function returning the file's text (bytes that are not UTF-8 become
# U+FFFD, as the library's own fetch would decode them). A new WebRobots per request,
# named with the request's agent. allowed?(url) answers allow checks, also when the
# library met a line it could not parse (it then records a WebRobots::ParseError,
# which a crawler reads only if it asks; the answer is what allowed? says).
# sitemaps(url) lists the Sitemap lines. Answers: allow, sitemaps.
require 'json'
require 'base64'
require 'webrobots'

$stdout.sync = true # every reply flushed at once

def robots_text(request)
  bytes = request.key?('robots_base64') ? Base64.strict_decode64(request['robots_base64']) : request['robots'].to_s.b
  bytes.force_encoding('UTF-8').scrub("\uFFFD")
end

def answer(request)
  kind = request['kind'] || 'allow'
  return { 'error' => "webrobots does not answer #{kind} checks" } unless %w[allow sitemaps].include?(kind)
  text = robots_text(request)
  robots = WebRobots.new(request['agent'] || '*', http_get: ->(_uri) { text })
  return { 'sitemaps' => robots.sitemaps('http://example.com/') } if kind == 'sitemaps'
  { 'allowed' => robots.allowed?(request['url']) }
end

$stdin.each_line do |line|
  next if line.strip.empty?
  request = {}
  begin
    request = JSON.parse(line)
    reply = answer(request)
  rescue StandardError => e
    reply = { 'error' => "#{e.class}: #{e.message}" }
  end
  reply['id'] = request.is_a?(Hash) ? request['id'] : nil
  puts JSON.generate(reply)
end
