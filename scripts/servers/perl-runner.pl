#!/usr/bin/perl
# perl-runner: answers URL requests with Perl's URI module, one JSON line
# per request, for the server-parser oracles in tests/data/servers/.
#
#     perl scripts/servers/perl-runner.pl < requests.jsonl > answers-perl.jsonl
#     perl scripts/servers/perl-runner.pl --version
#
# The oracles use the machine's perl (5.36.0, Debian 12) with Debian's
# liburi-perl 5.17-1 (/usr/share/perl5/URI.pm) and libregexp-ipv6-perl 0.03,
# which URI::_generic loads when it is there (it changes how a base's
# authority is copied: see _looks_like_raw_ip6_address).
#
# Input: one JSON object a line, {"input": STRING, "base": STRING or null}.
# Each line is decoded with JSON::PP->new->utf8, as a program reading UTF-8
# text would: the input and the base are Perl character strings (a string
# with a character outside ASCII carries the UTF8 flag, which decides how
# URI escapes it and what \s, \d and lc mean on it).
#
# What is asked of URI (the project's definition of a request):
#
#     without a base:  $u = URI->new($input)
#     with a base:     $u = URI->new_abs($input, $base)
#
# then, in this order: ref($u) as "class", $u->as_string,
# $u->canonical->as_string as "canonical", $u->scheme, $u->opaque,
# $u->path, $u->query, $u->fragment, $u->authority, $u->userinfo,
# $u->host, $u->ihost, $u->port, $u->default_port; each getter only where
# the object has it ($u->can(NAME)): a URI::data or URI::urn has no query,
# only the URI::_generic family has an authority, only URI::_server's has
# userinfo, ihost, port and default_port (URI::file has a host of its own).
# A getter the object lacks is left out of the answer; one that returns
# undef is null. Each is called in scalar context (URI::sip's path returns
# an empty list: null).
#
# Output, in the same order, one object a line:
#
#     {"ok":true,"class":"URI::http","as_string":...,"canonical":...,
#      "scheme":... or null,"opaque":...,"path":...,"query":... or null,
#      "fragment":... or null,"authority":...,"userinfo":...,"host":...,
#      "ihost":...,"port":...,"default_port":...}
#
#     {"ok":false,"error":"<the die text>","call":"new_abs"|"canonical"|...,
#      "partial":{...the getters that did not die...}}
#
# URI->new never dies; new_abs can (an empty or "0" base: "Missing base
# argument"), and so can a getter (ihost on a label that starts "xn--" and
# is no punycode URI can decode). Whatever dies fails the request; "call"
# names it, and "partial" keeps every other getter, for diagnosis. The die
# text loses its " at FILE line N.\n" tail (Carp's croak and perl's own
# errors both end so, with ", <STDIN> line N" before the full stop once
# the runner has read a line).
#
# Values: port and default_port are written as strings (port is what
# $u->port returns: the digits as written, or the default port). Every
# value is the Perl string the getter returns, written as JSON text: host,
# for instance, is percent-decoded by URI into characters U+0000-U+00FF, one
# per byte, and so is written ("%C3%A9" gives "\u00c3\u00a9" as two
# characters). A string holding a code point that is no Unicode scalar
# value (a surrogate, or above U+10FFFF: ihost's punycode decoder can make
# them) is written {"bytes":"<hex>"}, the hex of perl's own (extended)
# UTF-8 encoding of it.
#
# Every answer is written and flushed before the next line is read, so the
# runner can be driven one request at a time.
use strict;
use warnings;

use JSON::PP ();
use URI ();

my @GETTERS = qw(scheme opaque path query fragment authority userinfo host ihost port default_port);

if (@ARGV && $ARGV[0] eq '--version') {
    my $deb = `dpkg-query -W -f='\${Version}' liburi-perl 2>/dev/null` || 'unknown';
    printf "perl %vd, URI %s (%s, Debian liburi-perl %s), Regexp::IPv6 %s\n", $^V, $URI::VERSION,
        $INC{'URI.pm'}, $deb, (eval { require Regexp::IPv6; $Regexp::IPv6::VERSION } // 'absent');
    exit 0;
}

my $in = JSON::PP->new->utf8;
my $out = JSON::PP->new->utf8->canonical;
binmode STDIN;
binmode STDOUT;
$| = 1;

# The die text without its " at FILE line N." tail (with ", <STDIN> line
# N" in it once a line has been read).
sub words {
    my $e = shift;
    $e = "$e";
    $e =~ s/ at \S+ line \d+(?:, <\w+> (?:line|chunk) \d+)?\.\n\z//;
    $e =~ s/\n\z//;
    return $e;
}

# A value as JSON: a string of Unicode scalar values as it is, anything
# else as perl's own UTF-8 bytes in hex.
sub value {
    my $v = shift;
    return undef unless defined $v;
    $v = "$v";
    if ($v =~ /[\x{D800}-\x{DFFF}]/ || $v =~ /[^\x{0}-\x{10FFFF}]/) {
        my $bytes = $v;
        utf8::encode($bytes);
        return { bytes => unpack('H*', $bytes) };
    }
    return $v;
}

sub answer {
    my ($input, $base) = @_;
    my $u;
    my $call = defined $base ? 'new_abs' : 'new';
    my $ok = eval {
        $u = defined $base ? URI->new_abs($input, $base) : URI->new($input);
        1;
    };
    return { ok => JSON::PP::false, error => words($@), call => $call } unless $ok;
    my %a = (class => ref($u));
    my ($failed, $error);
    my $get = sub {
        my ($name, $code) = @_;
        my $v;
        if (eval { $v = $code->(); 1 }) {
            $a{$name} = value($v);
        }
        elsif (!defined $failed) {
            ($failed, $error) = ($name, words($@));
        }
    };
    $get->(as_string => sub { $u->as_string });
    $get->(canonical => sub { $u->canonical->as_string });
    for my $name (@GETTERS) {
        next unless $u->can($name);
        $get->($name => sub { my $v = $u->$name; $v });
    }
    if (defined $failed) {
        return { ok => JSON::PP::false, error => $error, call => $failed, partial => \%a };
    }
    return { ok => JSON::PP::true, %a };
}

local $SIG{__WARN__} = sub { };
while (my $line = <STDIN>) {
    next unless $line =~ /\S/;
    my $req = eval { $in->decode($line) };
    die "perl-runner: line $.: not a {\"input\":...} object: $@" unless ref $req eq 'HASH' && defined $req->{input};
    my $a = eval { answer($req->{input}, $req->{base}) }
        // { ok => JSON::PP::false, error => words($@), call => 'runner' };
    print $out->encode($a), "\n";
}
