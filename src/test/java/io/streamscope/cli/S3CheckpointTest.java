package io.streamscope.cli;

import io.streamscope.storage.TestS3;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Samples read from an S3-compatible server (S3Mock on 127.0.0.1, in a child JVM) through {@code s3a://} answer
 * {@code inspect}, {@code state} and {@code replay} as the same folders read locally; the endpoint is given the Hadoop
 * way ({@code --conf fs.s3a.endpoint=…}), the key pair through S3A's settings or the standard environment variables,
 * and the secret never appears in what the commands print.
 */
class S3CheckpointTest {

    private static final Path SAMPLES = Path.of("sample-checkpoints").toAbsolutePath();
    /** An aggregation on the HDFS store, one on RocksDB changelogs, one on RocksDB snapshot zips, a join. */
    static final List<String> READ = List.of("shop-totals-update", "shop-totals-rocksdb", "shop-windowed-rocksdb-snapshots",
            "shop-join-inner");

    @BeforeAll
    static void uploadSamples() throws Exception {
        List<Path> files = new ArrayList<>();
        for (String folder : Stream.concat(READ.stream(), Stream.of("topics")).toList()) {
            try (Stream<Path> walk = Files.walk(SAMPLES.resolve(folder))) {
                walk.filter(Files::isRegularFile).forEach(files::add);
            }
        }
        try (S3Client s3 = S3Client.builder().endpointOverride(URI.create(TestS3.endpoint())).forcePathStyle(true)
                .region(Region.US_EAST_1).credentialsProvider(StaticCredentialsProvider.create(
                        AwsBasicCredentials.create(TestS3.ACCESS_KEY, TestS3.SECRET_KEY))).build()) {
            ExecutorService pool = Executors.newFixedThreadPool(8);
            try {
                List<Future<?>> puts = new ArrayList<>();
                for (Path file : files) {
                    String key = SAMPLES.relativize(file).toString().replace('\\', '/');
                    puts.add(pool.submit(() -> s3.putObject(PutObjectRequest.builder().bucket(TestS3.BUCKET).key(key).build(),
                            RequestBody.fromFile(file))));
                }
                for (Future<?> put : puts) {
                    put.get();
                }
            } finally {
                pool.shutdownNow();
            }
        }
    }

    static Stream<String> samples() {
        return READ.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("samples")
    void inspectStateAndReplayReadS3AsLocal(String sample) {
        for (String command : List.of("inspect", "state", "replay")) {
            CliRun local = CliRun.run(command, SAMPLES.resolve(sample).toString());
            List<String> args = new ArrayList<>(List.of(command, root() + "/" + sample));
            for (String pair : withKeys()) {
                args.add("--conf");
                args.add(pair);
            }
            CliRun remote = CliRun.run(args.toArray(String[]::new));
            assertEquals(local.exitCode(), remote.exitCode(), () -> command + ": " + remote.err());
            assertEquals(local.out().replace(SAMPLES.toString(), "<samples>"), remote.out().replace(root(), "<samples>"), command);
            assertEquals(local.err().replace(SAMPLES.toString(), "<samples>"), remote.err().replace(root(), "<samples>"), command);
            assertFalse(remote.out().contains(TestS3.SECRET_KEY) || remote.err().contains(TestS3.SECRET_KEY), "secret printed");
        }
    }

    /**
     * The key pair from AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, as a user's shell gives it: the jar in a child JVM,
     * with {@code --verbose} (the libraries' INFO logging on) and the secret in a setting too: it is printed nowhere.
     */
    @Test
    void credentialsFromTheStandardEnvironmentVariables() throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
                "io.streamscope.Launcher", "inspect", root() + "/shop-totals-update", "--verbose",
                "--conf", "fs.s3a.secret.key.unused=" + TestS3.SECRET_KEY));
        for (String pair : TestS3.conf()) {
            command.add("--conf");
            command.add(pair);
        }
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().put("AWS_ACCESS_KEY_ID", TestS3.ACCESS_KEY);
        builder.environment().put("AWS_SECRET_ACCESS_KEY", TestS3.SECRET_KEY);
        builder.environment().put("AWS_REGION", "us-east-1");
        builder.environment().remove("AWS_PROFILE");
        Process process = builder.start();
        process.getOutputStream().close();
        ExecutorService reader = Executors.newSingleThreadExecutor();
        Future<String> err = reader.submit(() -> new String(process.getErrorStream().readAllBytes()));
        String out = new String(process.getInputStream().readAllBytes());
        int code = process.waitFor();
        String errText = err.get();
        reader.shutdown();
        assertEquals(0, code, errText);
        assertFalse(errText.contains(TestS3.SECRET_KEY) || out.contains(TestS3.SECRET_KEY), "secret printed");
        assertEquals(CliRun.run("inspect", SAMPLES.resolve("shop-totals-update").toString()).out()
                .replace(SAMPLES.toString(), "<samples>"), out.replace(root(), "<samples>"));
    }

    @Test
    void aWrongSecretIsAnErrorThatDoesNotPrintIt() {
        List<String> args = new ArrayList<>(List.of("inspect", root() + "/missing-folder"));
        for (String pair : withKeys()) {
            args.add("--conf");
            args.add(pair);
        }
        CliRun run = CliRun.run(args.toArray(String[]::new));
        assertEquals(2, run.exitCode(), run::out);
        assertTrue(run.err().contains("missing-folder"), run::err);
        assertFalse(run.err().contains(TestS3.SECRET_KEY), run::err);
    }

    private static String root() {
        return "s3a://" + TestS3.BUCKET;
    }

    private static List<String> withKeys() {
        List<String> conf = new ArrayList<>(TestS3.conf());
        conf.add("fs.s3a.access.key=" + TestS3.ACCESS_KEY);
        conf.add("spark.hadoop.fs.s3a.secret.key=" + TestS3.SECRET_KEY);
        return conf;
    }

}
