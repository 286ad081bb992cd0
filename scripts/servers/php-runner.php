<?php
// php-runner: answers URL requests with PHP's parse_url, one JSON line per
// request, for the server-parser oracles in tests/data/servers/ and for
// the live resolver (one persistent process, one request at a time).
//
//     php scripts/servers/php-runner.php < requests.jsonl > answers.jsonl
//     php scripts/servers/php-runner.php --version
//
// The oracles use Debian's php8.2-cli (PHP 8.2.31, package 8.2.31-1~deb12u1);
// parse_url is ext/standard/url.c, built into the binary.
//
// Input: one JSON object a line, {"input": STRING, "base": STRING or null, ...}.
// What is asked of PHP (the project's definition of a request):
//
//     $r = parse_url($input);
//
// PHP has no function that resolves a reference against a base URL. With a
// base, the input is still parsed alone, as a PHP program does with a link
// it reads, and the answer says "base_ignored":true (with an empty base
// too: any base that is not null).
//
// Output, in the same order, one object a line, flushed after each:
//
//     parse_url returned false:  {"ok":false,"error":"false"}
//     it returned an array:      {"ok":true,"scheme":..,"host":..,"port":int,
//                                 "user":..,"pass":..,"path":..,"query":..,
//                                 "fragment":..}
//
// with exactly the keys of PHP's array, in its order: a part PHP leaves out
// is absent here (never null), and an empty part PHP returns ("?" alone
// gives "query" => "") is an empty string. "base_ignored":true follows when
// the request had a base.
//
// Strings: PHP strings are bytes. json_decode gives the input's UTF-8
// bytes, which parse_url reads byte by byte; a part that is valid UTF-8 is
// written as a JSON string (controls escaped), any other as
// {"bytes":"<lowercase hex>"}. A line that is not a request object gets
// {"ok":false,"error":"runner: ...","runner_error":true}; nothing an input
// holds stops the runner.

if (($argv[1] ?? null) === '--version') {
    $deb = @shell_exec("dpkg-query -W -f='\${Version}' php8.2-cli 2>/dev/null");
    $deb = is_string($deb) && $deb !== '' ? "Debian php8.2-cli $deb" : 'package version unknown';
    echo 'PHP ', PHP_VERSION, " ($deb), parse_url of ext/standard/url.c, LC_CTYPE ",
        setlocale(LC_CTYPE, 0), "\n";
    exit(0);
}

// Warnings and notices become exceptions, so that each is an answer.
set_error_handler(function (int $no, string $str) {
    throw new ErrorException($str, 0, $no);
});

/** A string of an answer: itself when valid UTF-8, else its bytes in hex. */
function text(string $s)
{
    return preg_match('//u', $s) === 1 ? $s : ['bytes' => bin2hex($s)];
}

/** The answer to one request line. */
function answer(string $line): array
{
    $req = json_decode($line, true, 512, JSON_BIGINT_AS_STRING);
    if (!is_array($req) || !is_string($req['input'] ?? null)) {
        return ['ok' => false, 'error' => 'runner: not a {"input": STRING} object: ' . json_last_error_msg(),
            'runner_error' => true];
    }
    $base = $req['base'] ?? null;
    $r = parse_url($req['input']);
    if ($r === false) {
        $out = ['ok' => false, 'error' => 'false'];
    } else {
        $out = ['ok' => true];
        foreach ($r as $key => $value) {
            $out[$key] = is_string($value) ? text($value) : $value;
        }
    }
    if ($base !== null) {
        $out['base_ignored'] = true;
    }
    return $out;
}

$flags = JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES;
while (($line = fgets(STDIN)) !== false) {
    if (trim($line) === '') {
        continue;
    }
    try {
        $out = answer($line);
    } catch (Throwable $e) {
        $out = ['ok' => false, 'error' => 'runner: ' . get_class($e) . ': ' . $e->getMessage(),
            'runner_error' => true];
    }
    $json = json_encode($out, $flags);
    if ($json === false) {
        $json = json_encode(['ok' => false, 'error' => 'runner: json_encode: ' . json_last_error_msg(),
            'runner_error' => true]);
    }
    fwrite(STDOUT, $json . "\n");
    fflush(STDOUT);
}
