package io.streamscope.storage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One S3-compatible server (Adobe S3Mock, its executable jar copied to {@code target/s3mock/} by the build) for every
 * S3 test of the JVM, in a child JVM of its own (Spring Boot and Hadoop do not share a class path), every listener of
 * it on 127.0.0.1 ({@link LoopbackSelectorProvider}). It starts on first use and stops when the JVM ends.
 */
public final class TestS3 {

    public static final String BUCKET = "samples";
    /** S3Mock accepts any key pair; these stand for a user's, and must never be printed. */
    public static final String ACCESS_KEY = "streamscope-test-access";
    public static final String SECRET_KEY = "streamscope-test-SECRET-d41d8cd98f";

    private static Process server;
    private static int port;

    private TestS3() {
    }

    public static synchronized String endpoint() {
        if (server == null) {
            start();
        }
        return "http://127.0.0.1:" + port;
    }

    private static void start() {
        try {
            Path jar = Path.of(System.getProperty("streamscope.s3mock.jar", "target/s3mock/s3mock-exec.jar"));
            if (!Files.isRegularFile(jar)) {
                throw new IllegalStateException("no " + jar + ": the build copies it (mvn generate-test-resources)");
            }
            port = freePort();
            int tlsPort = freePort();
            Path store = Files.createTempDirectory("streamscope-s3mock");
            String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            String testClasses = Path.of(LoopbackSelectorProvider.class.getProtectionDomain().getCodeSource()
                    .getLocation().toURI()).toString();
            List<String> command = new ArrayList<>(List.of(javaBin, "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                    "--add-exports", "java.base/sun.nio.ch=ALL-UNNAMED",
                    "-Djava.nio.channels.spi.SelectorProvider=" + LoopbackSelectorProvider.class.getName(),
                    "-cp", jar.toAbsolutePath() + java.io.File.pathSeparator + testClasses,
                    "org.springframework.boot.loader.launch.JarLauncher",
                    "--server.address=127.0.0.1", "--server.port=" + tlsPort,
                    "--com.adobe.testing.s3mock.httpPort=" + port,
                    "--com.adobe.testing.s3mock.store.root=" + store,
                    "--com.adobe.testing.s3mock.store.initialBuckets=" + BUCKET,
                    "--logging.level.root=WARN"));
            Path log = store.resolve("s3mock.log");
            server = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            Process started = server;
            io.streamscope.TempTree.deleteAtExit(store, () -> {
                started.destroyForcibly();
                try {
                    started.waitFor(10, java.util.concurrent.TimeUnit.SECONDS); // its files are closed before they are deleted
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            long deadline = System.nanoTime() + 90_000_000_000L;
            while (!answers()) {
                if (!server.isAlive() || System.nanoTime() > deadline) {
                    throw new IllegalStateException("S3Mock did not start: " + Files.readString(log));
                }
                Thread.sleep(200);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException | java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static boolean answers() {
        try {
            HttpURLConnection connection = (HttpURLConnection) URI.create("http://127.0.0.1:" + port + "/").toURL().openConnection();
            connection.setConnectTimeout(500);
            connection.setReadTimeout(2000);
            int code = connection.getResponseCode();
            connection.disconnect();
            return code == 200;
        } catch (IOException notYet) {
            return false;
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    /** The Hadoop settings that reach the server, the Hadoop way ({@code --conf} pairs). */
    public static List<String> conf() {
        return List.of("fs.s3a.endpoint=" + endpoint(), "fs.s3a.path.style.access=true",
                "fs.s3a.connection.ssl.enabled=false", "fs.s3a.endpoint.region=us-east-1");
    }
}
