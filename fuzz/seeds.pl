#!/usr/bin/perl
# Writes the seed inputs of every fuzz target, in each target's byte layout,
# from the shared corpus and the conformance suite (read where they are, at
# run time: no copy is committed). Called by scripts/fuzz:
#
#   perl fuzz/seeds.pl CORPUS_DIR CONFORMANCE_DIR SHARED_CORPUS_DIR [EVERY]
#
# With EVERY = N > 1, only every Nth case is kept (short CI runs load fewer).
# CORPUS_DIR/<target>/ gets files named seed-*; files the fuzzer added are
# left alone. A missing source is reported and skipped.
#
# Layouts (see the module docs of fuzz/fuzz_targets/*.rs):
# - canonicalize, resolvers, url_standard: a settings byte (mode, stage, encoding, whether
#   a base follows), then the base's length byte and the base, then the input;
# - table_read: an options byte (format, line limit, CSV columns, global
#   base), then a whole input file;
# - saved_state: a layout byte (0: a whole app.ron as eframe writes it, 1:
#   the RON of the app's State alone), then the text.
use strict;
use warnings;
use File::Path qw(make_path);

my ($out, $conformance, $shared, $every) = @ARGV;
$every = 1 unless defined $every && $every =~ /^[1-9][0-9]*$/;
die "usage: seeds.pl CORPUS_DIR CONFORMANCE_DIR SHARED_CORPUS_DIR\n" unless defined $shared;

# The query encodings of the engine targets, by their index in LABELS there.
my %label_index = (
    'utf-8' => 0, 'windows-1252' => 1, 'shift_jis' => 2, 'euc-kr' => 3,
    'gb18030' => 4, 'utf-16le' => 6, 'utf-16' => 6, 'iso-2022-jp' => 7,
);

# (input, base, charset) triples, as bytes.
my @cases;
read_conformance();
read_tricky();
read_real_urls();
@cases = @cases[grep { $_ % $every == 0 } 0 .. $#cases] if $every > 1;
printf "fuzz: %d seed cases (conformance #data, tricky-urls, a sample of real-urls)\n",
    scalar @cases;

write_engine_seeds($_) for qw(canonicalize resolvers url_standard);
write_table_seeds('table_read');
write_state_seeds('saved_state');

# The #data (with #base and #charset) of every record of the suite's .dat
# files, read by the suite's README: a record starts at `#data`, a field's
# value is the lines below its header up to the next field, a leading "| "
# is removed, and `escaped` values spell code points as \uXXXX.
sub read_conformance {
    my @files = (glob("$conformance/*.dat"), glob("$conformance/generated/*.dat"));
    if (!@files) {
        print "fuzz: no conformance suite at $conformance; its seeds are skipped\n";
        return;
    }
    for my $file (@files) {
        open my $fh, '<:raw', $file or die "fuzz: cannot read $file: $!\n";
        my (%record, $field, @value, $escaped);
        my $finish_field = sub {
            return unless defined $field;
            pop @value while @value && $value[-1] eq '';
            my $v = join "\n", map { s/^\| //r } @value;
            $v = unescape($v) if $escaped;
            $record{$field} = $v;
            undef $field;
        };
        my $finish_record = sub {
            $finish_field->();
            push @cases, [$record{data}, $record{base}, $record{charset}] if defined $record{data};
            %record = ();
        };
        while (my $line = <$fh>) {
            $line =~ s/\r?\n\z//;
            if ($line =~ /^#(\S+)(.*)$/) {
                my ($name, $words) = ($1, $2);
                $finish_record->() if $name eq 'data';
                $finish_field->();
                ($field, @value) = ($name);
                $escaped = $words =~ /\bescaped\s*$/;
                # A one-line value is written on the header line.
                my ($first) = split ' ', $words;
                push @value, $first if defined $first && $first ne 'escaped';
            } elsif (defined $field) {
                push @value, $line;
            }
        }
        $finish_record->();
        close $fh;
    }
}

# \uXXXX and \UXXXXXXXX to UTF-8 (surrogates too: the fuzzer's text is
# decoded with U+FFFD, so they test exactly that).
sub unescape {
    my ($s) = @_;
    $s =~ s{\\U([0-9A-Fa-f]{8})|\\u([0-9A-Fa-f]{4})}{utf8_of(hex($1 // $2))}ge;
    return $s;
}

sub utf8_of {
    my $c = chr($_[0]);
    utf8::encode($c);
    return $c;
}

# tricky-urls.txt: `input<TAB>base`, with \t, \n, \r and \\ escaped.
sub read_tricky {
    my $file = "$shared/tricky-urls.txt";
    open my $fh, '<:raw', $file or return print "fuzz: no $file; skipped\n";
    while (my $line = <$fh>) {
        chomp $line;
        my ($input, $base) = map { untricky($_) } split /\t/, $line, 2;
        push @cases, [$input, $base, undef];
    }
    close $fh;
}

sub untricky {
    my ($s) = @_;
    return undef unless defined $s;
    my %map = (t => "\t", n => "\n", r => "\r", '\\' => '\\');
    $s =~ s/\\([tnr\\])/$map{$1}/g;
    return $s;
}

# Every 100th line of real-urls.txt (a thousand of its 100,000): the shapes
# of real URLs without a hundred thousand files to load.
sub read_real_urls {
    my $file = "$shared/real-urls.txt";
    open my $fh, '<:raw', $file or return print "fuzz: no $file; skipped\n";
    while (my $line = <$fh>) {
        next if $. % 100;
        chomp $line;
        push @cases, [$line, undef, undef];
    }
    close $fh;
}

sub write_seed {
    my ($dir, $name, $bytes) = @_;
    open my $fh, '>:raw', "$dir/$name" or die "fuzz: cannot write $dir/$name: $!\n";
    print $fh $bytes;
    close $fh;
}

# Engine layout. The mode and stage cycle through the cases so that each
# seed is tried in one of them; the suite's charset picks the encoding
# where the target knows it.
sub write_engine_seeds {
    my ($target) = @_;
    my $dir = "$out/$target";
    make_path($dir);
    my $i = 0;
    for my $case (@cases) {
        my ($input, $base, $charset) = @$case;
        my $enc = defined $charset ? $label_index{lc $charset} // 5 : 0;
        my $settings = ($i % 16) | ($enc << 4);
        my $bytes;
        if (defined $base && $base ne '' && length($base) < 256) {
            $bytes = chr($settings | 0x80) . chr(length $base) . $base . $input;
        } else {
            $bytes = chr($settings) . $input;
        }
        write_seed($dir, sprintf('seed-%05d', $i), $bytes);
        $i++;
    }
}

# Table layout: the cases, 20 to a file, written in each format (the format
# chosen, then detected), plus a few files made to reach the readers'
# corners (a BOM, CRLF, a header with no input column, bad UTF-8).
sub write_table_seeds {
    my ($target) = @_;
    my $dir = "$out/$target";
    make_path($dir);
    my $n = 0;
    my $put = sub { write_seed($dir, sprintf('seed-%04d', $n++), chr($_[0]) . $_[1]) };
    for (my $start = 0; $start < @cases; $start += 20 * 8) {
        my @some = grep { defined } @cases[$start .. $start + 19];
        # Inputs with a line break cannot be one line of any format.
        my @flat = grep { $_->[0] !~ /[\r\n]/ && (!defined $_->[1] || $_->[1] !~ /[\r\n\t]/) } @some;
        my $lines = join '', map { "$_->[0]\n" } @flat;
        my $tsv = join '', map { $_->[0] . (defined $_->[1] ? "\t$_->[1]" : '') . "\n" } @flat;
        my $csv = "id,url,base\r\n" . join '', map { csv_record($_) } @flat;
        my $jsonl = join '', map { json_record($_) } @some;
        my $bit = (($n / 8) % 2) ? 0x80 : 0;
        $put->(0 | $bit, $lines);
        $put->(1 | $bit, $tsv);
        $put->(2 | $bit, $csv);
        $put->(3 | $bit, $jsonl);
        $put->(4 | $bit, $tsv);
        $put->(5 | $bit, $csv);
        $put->(6 | $bit, $jsonl);
        $put->(0x08, $lines);
    }
    $put->(4, "\xEF\xBB\xBFhttp://a/\r\nhttp://b/\r\n\xFF\xFE\n\nlast");
    $put->(2 | 0x20, "link,title\nhttp://a/,A\n\"x\"\"y\",\"open\n");
    $put->(2 | 0x30 | 0x40, "a,b\nhttp://base/,x\nonly\n");
    $put->(3, "{\"input\":\"a\",\"base\":\"http://b/\",\"encoding\":\"sjis\"}\n{\"input\":5}\nnot json\n");
}

sub csv_record {
    my ($input, $base) = @{$_[0]};
    my $q = sub { my $s = $_[0] // ''; $s =~ s/"/""/g; "\"$s\"" };
    return join(',', 'x', $q->($input), $q->($base)) . "\r\n";
}

sub json_record {
    my ($input, $base, $charset) = @{$_[0]};
    my $j = sub {
        my $s = $_[0];
        $s =~ s/(["\\])/\\$1/g;
        $s =~ s/([\x00-\x1f])/sprintf('\\u%04x', ord $1)/ge;
        "\"$s\"";
    };
    my @fields = ('"input":' . $j->($input));
    push @fields, '"base":' . $j->($base) if defined $base;
    push @fields, '"encoding":' . $j->($charset) if defined $charset;
    return '{' . join(',', @fields) . "}\n";
}

# Saved-state layout: every 10th case as the inputs of a saved state, both
# as a whole app.ron (eframe's pretty map, with the egui and window entries
# it also keeps) and as the State's RON alone; then every field with a
# non-default value once, and a truncated file. The RON is written by hand
# here (Perl has no RON): the fuzzer's round trip checks the real writer.
sub write_state_seeds {
    my ($target) = @_;
    my $dir = "$out/$target";
    make_path($dir);
    my $n = 0;
    my $put = sub { write_seed($dir, sprintf('seed-%04d', $n++), chr($_[0]) . $_[1]) };
    my @modes = qw(this chrome gecko ie);
    my $i = 0;
    for my $case (@cases) {
        next if $i++ % 10;
        my ($input, $base, $charset) = @$case;
        my $state = sprintf('(input:%s,base:%s,encoding:%s,mode:%s)', ron_string($input),
            ron_string($base // ''), ron_string($charset // 'utf-8'), $modes[$i % 4]);
        $put->(0, app_ron($state));
        $put->(1, $state);
    }
    my $full = '(input:"http://a/b",base:"http://base/",encoding:"shift_jis",mode:gecko,'
      . 'theme:Dark,escapes:true,changed_only:true,hex:true,'
      . 'folds:[(stage:parse,of_base:false),(stage:resolve,of_base:true)],split:0.3,'
      . 'history:[(input:"../x",base:"http://h/a/b",encoding:"utf-8",mode:ie)],view:Batch,'
      . 'compare:(hidden:["ie","gecko"],reference:"whatwg"),'
      . 'batch:(resolvers:["this","url"],format:"csv",input_column:"url",base_column:"2",'
      . 'base:"http://b/",encoding:"utf-8",path:"/tmp/in.csv",'
      . 'filter:(only_invalid:true,only_disagreeing:false,note:"host-idna",search:"x"),'
      . 'sort:(column:Resolver(1),descending:true),export_format:"jsonl",'
      . 'export_filtered:true,export_path:"/tmp/out.jsonl"))';
    $put->(1, $full);
    my $file = app_ron($full);
    $put->(0, $file);
    $put->(0, substr($file, 0, length($file) / 2));
    $put->(0, "{}");
    $put->(0, "{\"egui\": \"()\"}");
    $put->(1, '(split:NaN,history:[(),(),()],view:Compare,mode:chrome)');
}

# A RON string: quotes and backslashes escaped, controls as \u{…}.
sub ron_string {
    my ($s) = @_;
    $s =~ s/(["\\])/\\$1/g;
    $s =~ s/([\x00-\x1f])/sprintf('\\u{%x}', ord $1)/ge;
    return "\"$s\"";
}

# The whole file eframe writes: a pretty RON map of strings, the state
# under "app" next to the entries egui and the window keep.
sub app_ron {
    my ($state) = @_;
    return "{\n    \"app\": " . ron_string($state) . ",\n"
      . "    \"egui\": \"(areas:{},focus:None)\",\n"
      . "    \"window\": \"(inner_position_pixels:Some((x:0,y:0)),fullscreen:false,maximized:false)\",\n}";
}
