/**
 * Published test vectors, copied as data (facts), not code, from the repositories named beside each group.
 * Hashes are hex; proofs list their hashes in the order the RFC gives them (lowest node first).
 */

/**
 * The RFC 6962 reference tree used across Certificate Transparency implementations: eight leaves, the root of every
 * prefix of it, and known inclusion and consistency proofs. Source: github.com/transparency-dev/merkle,
 * proof/verify_test.go at 02194e9afb6c1d95b5381350007963aa70fff472 (the same data as google/certificate-transparency's merkle tests). Leaf indexes there are
 * 1-based in the inclusion table; here they are converted to the 0-based index the RFC uses.
 */
export const REFERENCE_TREE = {
  leaves: ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'],
  /** roots[n - 1] is the root of the tree of the first n leaves. */
  roots: [
    '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
    'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
    'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
    'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
    '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
    'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
    '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
  ],
  inclusionProofs: [
    { index: 0, size: 1, proof: [] },
    {
      index: 0,
      size: 8,
      proof: [
        '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
        '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
        '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
      ],
    },
    {
      index: 5,
      size: 8,
      proof: [
        'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
        'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
        'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
      ],
    },
    { index: 2, size: 3, proof: ['fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125'] },
    {
      index: 1,
      size: 5,
      proof: [
        '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
        '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
        'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
      ],
    },
  ],
  consistencyProofs: [
    { first: 1, second: 1, proof: [] },
    {
      first: 1,
      second: 8,
      proof: [
        '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
        '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
        '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
      ],
    },
    {
      first: 6,
      second: 8,
      proof: [
        '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
        'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
        'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
      ],
    },
    {
      first: 2,
      second: 5,
      proof: [
        '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
        'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
      ],
    },
    {
      first: 6,
      second: 7,
      proof: [
        '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
        'b08693ec2e721597130641e8211e7eedccb4c26413963eee6c1e2ed16ffb1a5f',
        'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
      ],
    },
  ],
};

/** Source: github.com/transparency-dev/merkle, rfc6962/rfc6962_test.go at 78493b07ef9b552e3379abf9e23d4da26fbe797c (each derived there with sha256sum). */
export const HASHER_VECTORS = {
  emptyTree: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  emptyLeaf: '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  /** hashLeaf("L123456") */
  leafL123456: '395aa064aa4c29f7010acfe3f25db9485bbd4b91897b6ad7ad547639252b4d56',
  /** hashChildren("N123", "N456") */
  nodeN123N456: 'aa217fe888e47007fa15edab33c2b492a722cb106c64667fc2b044444de66bbb',
};

/** Source: github.com/golang/mod, sumdb/note/note_test.go at 02c991387e35f9e4c0a9b7ce137717055f8d716d (TestNewVerifier, TestNewSigner, TestSign, TestOpen). */
export const GO_NOTE = {
  peterVerifierKey: 'PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW',
  peterSignerKey: 'PRIVATE+KEY+PeterNeumann+c74f20a3+AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz',
  enochVerifierKey: 'EnochRoot+af0cfe78+ATtqJ7zOtqQtYqOo0CpvDXNlMhV3HeJDpjrASKGLWdop',
  /** A wrong-length key with its key hash adjusted, and an unknown algorithm with its key hash adjusted. */
  badVerifierKeys: [
    'PeterNeumann+cc469956+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TWBADKEY==',
    'PeterNeumann+173116ae+ZRpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW',
  ],
  text: "If you think cryptography is the answer to your problem,\nthen you don't know what your problem is.\n",
  peterSignature:
    '\u2014 PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n',
  enochSignature:
    '\u2014 EnochRoot rwz+eBzmZa0SO3NbfRGzPCpDckykFXSdeX+MNtCOXm2/5n2tiOHp+vAF1aGrQ5ovTG01oOTGwnWLox33WWd1RvMc+QQ=\n',
};

/** Source: github.com/golang/mod, sumdb/tlog/note_test.go at 774e77886cf18ba9e220baec8497d65b0c50373f (TestFormatTree: the tree hash is RecordHash("hello world")). */
export const GO_TREE_TEXT = 'go.sum database tree\n123456789012\nTszzRgjTG6xce+z2AG31kAXYKBgQVtCSCE40HmuwBb0=\n';

/**
 * Source: github.com/golang/mod, sumdb/client_test.go at 8569e2639ca10cf2c77d73ec4eb87a6b8e15ed69: the test log's key pair, and the signed tree of size 6 its
 * TestClientFork prints (in the comment showing the expected security error).
 */
export const GO_SUMDB = {
  verifierKey: 'localhost.localdev/sumdb+00000c67+AcTrnkbUA+TU4heY3hkjiSES/DSQniBqIeQ/YppAUtK6',
  signerKey: 'PRIVATE+KEY+localhost.localdev/sumdb+00000c67+AXu6+oaVaOYuQOFrf1V59JK1owcFlJcHwwXHDfDGxSPk',
  signedTree6:
    'go.sum database tree\n6\nwc4SkQt52o5W2nQ8To2ARs+mWuUJjss+sdleoiqxMmM=\n\n' +
    '\u2014 localhost.localdev/sumdb AAAMZ6oRNswlEZ6ZZhxrCvgl1MBy+nusq4JU+TG6Fe2NihWLqOzb+y2c2kzRLoCr4tvw9o36ucQEnhc20e4nA4Qc/wc=\n',
};

/** Source: github.com/C2SP/C2SP, tlog-checkpoint.md at 2793893976c835db049c194d8f2c4f946dcb70ba (the example at the top of the specification). */
export const C2SP_CHECKPOINT_TEXT =
  'example.com/behind-the-sofa\n20852163\nCsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=\n';
