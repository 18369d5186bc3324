#!/usr/bin/perl
# Perl's WWW::RobotRules (Debian's libwww-robotrules-perl) through the batch
# protocol (conformance/PROTOCOL.md).
#
# WWW::RobotRules is made for one agent: a new object per request, named with the
# request's agent. parse() takes the robots.txt URL and the content as a Perl
# string of bytes, as LWP hands it a response body: the file's exact bytes go in.
# allowed($url) answers allow checks; it returns -1 when the file does not govern
# the URL, which becomes an error reply. Answers: allow only.
use strict;
use warnings;
use JSON::PP;
use MIME::Base64 qw(decode_base64);
use URI;
use WWW::RobotRules;

$| = 1;    # every reply flushed at once
my $json = JSON::PP->new->canonical;

sub answer {
    my ($request) = @_;
    my $kind = $request->{kind} // 'allow';
    return { error => "WWW::RobotRules does not answer $kind checks" } if $kind ne 'allow';
    my $bytes = exists $request->{robots_base64}
        ? decode_base64($request->{robots_base64})
        : do { my $t = $request->{robots}; utf8::encode($t); $t };
    my $rules = WWW::RobotRules->new($request->{agent});
    my $robots_url = URI->new_abs('/robots.txt', $request->{url});
    $rules->parse("$robots_url", $bytes);
    my $allowed = $rules->allowed($request->{url});
    return { error => 'allowed() returned -1: the file does not govern this URL' } if $allowed == -1;
    return { allowed => $allowed ? JSON::PP::true : JSON::PP::false };
}

while (my $line = <STDIN>) {
    next if $line =~ /^\s*$/;
    my ($request, $reply) = ({}, undef);
    eval {
        $request = $json->decode($line);
        $reply = answer($request);
        1;
    } or do {
        my $why = $@ || 'unknown error';
        $why =~ s/\s+$//;
        $reply = { error => $why };
    };
    $reply->{id} = $request->{id};
    print $json->encode($reply), "\n";
}
