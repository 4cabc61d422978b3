# Version B: foreachBatch MERGEs each batch into a Delta table on order_id (idempotent).
# The crashed checkpoint restarted: Spark runs batch 2 again; the MERGE updates orders 150 and 151 in place.
from delta.tables import DeltaTable
from pyspark.sql import SparkSession
from pyspark.sql.functions import col, from_json

spark = SparkSession.builder.appName("shop-merge-crash-restarted").getOrCreate()

schema = "order_id INT, customer_id INT, amount DECIMAL(10,2), order_ts TIMESTAMP"

orders = (spark.readStream
          .format("kafka")
          .option("kafka.bootstrap.servers", "localhost:9092")
          .option("subscribe", "orders")
          .option("startingOffsets", "earliest")
          .load()
          .select(from_json(col("value").cast("string"), schema).alias("o"))
          .select("o.*"))


def save(batch_df, batch_id):
    table = DeltaTable.forPath(spark, "../shop-merge-crash-restarted-table")
    (table.alias("t")
     .merge(batch_df.alias("s"), "t.order_id = s.order_id")
     .whenMatchedUpdateAll()
     .whenNotMatchedInsertAll()
     .execute())


query = (orders.writeStream
         .foreachBatch(save)
         .option("checkpointLocation", "/tmp/checkpoints/shop-merge-crash-restarted")
         .trigger(availableNow=True)
         .start())
query.awaitTermination()
