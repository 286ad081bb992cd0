#!/usr/bin/env ruby
# frozen_string_literal: true
#
# ruby-runner: answers URL requests with Ruby's URI library, one JSON line
# per request, for the server-parser oracles in tests/data/servers/.
#
#     ruby scripts/servers/ruby-runner.rb < requests.jsonl > answers.jsonl
#     ruby scripts/servers/ruby-runner.rb --version
#
# The oracles use Debian 12's ruby3.1 (3.1.2-7+deb12u1), whose URI library is
# the default gem uri 0.11.0 in /usr/lib/ruby/3.1.0/uri/ (Debian does not
# patch it). --version prints the files really loaded, so a newer uri gem
# that shadowed them would show.
#
# Input: one JSON object a line, {"input": STRING, "base": STRING or null}.
# What is asked of URI (the project's definition):
#
#     without a base:  u = URI.parse(input)
#     with a base:     u = URI.join(base, input)
#                      (that is URI.parse(base).merge(input))
#     then u.class, u.to_s, u.scheme, u.userinfo, u.user, u.password,
#     u.host, u.hostname, u.port, u.path, u.query, u.fragment, u.opaque,
#     u.registry
#
# Nothing else is loaded: only `require "uri"` (which does not load
# uri/wss.rb in this version, so wss: URLs are URI::Generic, as in any
# program that does not require it itself).
#
# Output, in the same order, one object a line, flushed after each:
#
#     success: {"ok":true,"class":"URI::HTTP","to_s":...,"scheme":...,
#               "userinfo":...,"user":...,"password":...,"host":...,
#               "hostname":...,"port":...,"path":...,"query":...,
#               "fragment":...,"opaque":...,"registry":...}
#              (null where Ruby gives nil; "port" an integer, or a string
#              of its digits when it is 2**53 or more, which JSON readers
#              would round)
#     failure: {"ok":false,"error":"URI::InvalidURIError: bad URI(is not URI?): \"...\"",
#               "stage":"base"|"input"|"join"}
#              "error" is the exception's class and its message as the core
#              exception gives it (Exception#to_s): Ruby 3.1's error_highlight
#              and did_you_mean append source snippets to some messages when
#              they are printed, which are not the library's words. "stage"
#              is "base" when URI.parse(base) alone raises the same, else
#              "input" when URI.parse(input) does, else "join" (merge).
#
# Strings: JSON in, JSON out (UTF-8). A string that is not valid UTF-8 is
# written {"bytes":"<hex>"} (URI's answers are ASCII, so this does not
# happen with the committed requests). The runner never dies on a request:
# every exception is an answer.
require "json"
require "uri"

GETTERS = %i[to_s scheme userinfo user password host hostname port path query fragment opaque registry].freeze

def enc(v)
  case v
  when String
    s = v.dup.force_encoding(Encoding::UTF_8)
    s.valid_encoding? ? s : { "bytes" => v.unpack1("H*") }
  when Integer
    v.abs < 2**53 ? v : v.to_s
  else
    v
  end
end

def error_text(e)
  # Exception#to_s: the message without what error_highlight and
  # did_you_mean add when it is printed.
  "#{e.class}: #{Exception.instance_method(:to_s).bind_call(e)}"
end

# Which call of URI.join raised: the base's parse, the input's, or the
# merge itself (diagnosis only: the answer is URI.join's exception).
def diagnose(input, base, text)
  { "base" => base, "input" => input }.each do |stage, s|
    URI.parse(s)
  rescue Exception => e # rubocop:disable Lint/RescueException
    return stage if error_text(e) == text
  end
  "join"
end

def answer(input, base)
  u = base.nil? ? URI.parse(input) : URI.join(base, input)
  out = { "ok" => true, "class" => u.class.name }
  GETTERS.each { |g| out[g.to_s] = enc(u.public_send(g)) }
  out
rescue SignalException, SystemExit
  raise
rescue Exception => e # rubocop:disable Lint/RescueException -- every failure is an answer
  stage = base.nil? ? "input" : diagnose(input, base, error_text(e))
  { "ok" => false, "error" => enc(error_text(e)), "stage" => stage }
end

def version
  loaded = $LOADED_FEATURES.select { |f| f.include?("/uri") && !f.include?("open-uri") }
  dir = loaded.map { |f| File.dirname(f) }.find { |d| d.end_with?("/uri") }
  spec = Gem.loaded_specs["uri"]
  "#{RUBY_DESCRIPTION}; uri #{URI::VERSION} (#{dir}; gem #{spec ? "#{spec.version} #{spec.default_gem? ? 'default' : spec.full_gem_path}" : 'not activated: the library beside the interpreter'}); parser #{URI::RFC3986_PARSER.class}"
end

if ARGV == ["--version"]
  puts version
  exit
end

$stdin.binmode
$stdout.binmode
$stdin.each_line do |line|
  line.force_encoding(Encoding::UTF_8)
  next if line.strip.empty?
  begin
    req = JSON.parse(line)
    input = req.fetch("input")
    base = req["base"]
    raise TypeError, "input is not a string" unless input.is_a?(String)
    raise TypeError, "base is not a string or null" unless base.nil? || base.is_a?(String)
  rescue StandardError => e
    abort "ruby-runner: line #{$stdin.lineno}: not a {\"input\":...} object: #{e.message}"
  end
  $stdout.write(JSON.generate(answer(input, base)))
  $stdout.write("\n")
  $stdout.flush
end
