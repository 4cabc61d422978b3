package io.streamscope.samples.generator;

import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import kafka.tools.StorageTool;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Time;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * A real single-node Kafka broker in KRaft mode (broker and controller in one process, no ZooKeeper), bound to
 * 127.0.0.1 on free ports, in this JVM. Kafka 3.9.x, because Spark 4.0.x needs kafka-clients 3.9.x on its classpath.
 * Retention is off ({@code log.retention.ms=-1}): the shop stream's records are dated 2026-01-22, and a default
 * 7-day retention would delete them within seconds.
 */
final class EmbeddedKafka implements AutoCloseable {

    private final KafkaRaftServer server;
    private final int brokerPort;

    EmbeddedKafka(Path logDir) throws Exception {
        this.brokerPort = freePort();
        int controllerPort = freePort();
        Properties p = new Properties();
        p.put("process.roles", "broker,controller");
        p.put("node.id", "1");
        p.put("controller.quorum.voters", "1@127.0.0.1:" + controllerPort);
        p.put("listeners", "PLAINTEXT://127.0.0.1:" + brokerPort + ",CONTROLLER://127.0.0.1:" + controllerPort);
        p.put("advertised.listeners", "PLAINTEXT://127.0.0.1:" + brokerPort);
        p.put("controller.listener.names", "CONTROLLER");
        p.put("inter.broker.listener.name", "PLAINTEXT");
        p.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
        p.put("log.dirs", logDir.toAbsolutePath().toString());
        p.put("num.partitions", "1");
        p.put("log.retention.ms", "-1");
        p.put("log.message.timestamp.type", "CreateTime");
        p.put("offsets.topic.replication.factor", "1");
        p.put("offsets.topic.num.partitions", "1");
        p.put("transaction.state.log.replication.factor", "1");
        p.put("transaction.state.log.min.isr", "1");
        p.put("group.initial.rebalance.delay.ms", "0");
        p.put("auto.create.topics.enable", "false");
        Files.createDirectories(logDir);
        Path cfg = Files.createTempFile(logDir.getParent(), "kraft", ".properties");
        try (Writer w = Files.newBufferedWriter(cfg)) {
            p.store(w, null);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        // execute(), not main(): main() calls System.exit
        int rc = StorageTool.execute(new String[]{"format", "-t", Uuid.randomUuid().toString(), "-c", cfg.toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8));
        Files.deleteIfExists(cfg);
        if (rc != 0) {
            throw new IllegalStateException("kafka storage format failed: " + out);
        }
        server = new KafkaRaftServer(KafkaConfig.fromProps(p, false), Time.SYSTEM);
        server.startup();
    }

    String bootstrapServers() {
        return "127.0.0.1:" + brokerPort;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            s.setReuseAddress(true);
            return s.getLocalPort();
        }
    }

    @Override
    public void close() {
        server.shutdown();
        server.awaitShutdown();
    }
}
